# tafl train train-brandubh-net: strength over generations
# Written by tafl; run `gnuplot train.gp` in this directory to redraw train.png and train.svg.
$gens << EOD
0 0 0 0 0.5 0.5 0.5
1 0.0 0 0.255115 0.4450 0.3778 0.5143
2 0.0 0 0.230804 0.4800 0.4118 0.5490
3 5.2 1 0.188550 0.5075 0.4389 0.5758
4 29.6 1 0.201748 0.5350 0.4659 0.6028
5 36.5 1 0.193876 0.5100 0.4412 0.5784
6 36.5 0 0.192407 0.4950 0.4265 0.5637
7 43.4 1 0.183165 0.5100 0.4412 0.5784
8 50.3 1 0.182000 0.5100 0.4412 0.5784
9 50.3 0 0.179131 0.4500 0.3826 0.5192
10 50.3 0 0.178130 0.4850 0.4167 0.5539
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "train.png"
set title 'train-brandubh-net'
set xlabel "generation"
set ylabel "Elo over the hand-written evaluation (sum of accepted gates)"
set y2label "gate score of the candidate"
set y2range [0:1]
set ytics nomirror
set y2tics
set key left top
set grid
plot $gens using 1:2 with linespoints lw 2 title "best (Elo)", $gens using 1:5:6:7 axes x1y2 with yerrorbars title "gate score, 95% interval"

unset output
set terminal svg size 960,600 noenhanced
set output "train.svg"
set title 'train-brandubh-net'
set xlabel "generation"
set ylabel "Elo over the hand-written evaluation (sum of accepted gates)"
set y2label "gate score of the candidate"
set y2range [0:1]
set ytics nomirror
set y2tics
set key left top
set grid
plot $gens using 1:2 with linespoints lw 2 title "best (Elo)", $gens using 1:5:6:7 axes x1y2 with yerrorbars title "gate score, 95% interval"

unset output

# tafl train train-brandubh-deep-set3: strength over generations
# Written by tafl; run `gnuplot train.gp` in this directory to redraw train.png and train.svg.
$gens << EOD
0 0 0 0 0.5 0.5 0.5
1 3.5 1 0.294376 0.5050 0.4366 0.5732
2 24.3 1 0.369179 0.5300 0.4613 0.5976
3 59.2 1 0.343445 0.5500 0.4811 0.6170
4 62.7 1 0.334692 0.5050 0.4363 0.5735
5 62.7 0 0.321282 0.5000 0.4314 0.5686
6 62.7 0 0.322643 0.4900 0.4216 0.5588
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "train.png"
set title 'train-brandubh-deep-set3'
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
set title 'train-brandubh-deep-set3'
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

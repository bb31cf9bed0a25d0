# tafl train train-brandubh: strength over generations
# Written by tafl; run `gnuplot train.gp` in this directory to redraw train.png and train.svg.
$gens << EOD
0 0 0 0 0.5 0.5 0.5
1 8.7 1 0.281520 0.5125 0.4438 0.5807
2 57.7 1 0.366274 0.5700 0.5007 0.6367
3 73.3 1 0.339616 0.5225 0.4537 0.5905
4 115.2 1 0.347815 0.5600 0.4907 0.6270
5 115.2 0 0.351191 0.4500 0.3826 0.5192
6 115.2 0 0.257792 0.4400 0.3730 0.5093
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "train.png"
set title "train-brandubh"
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
set title "train-brandubh"
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

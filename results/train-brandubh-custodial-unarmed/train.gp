# tafl train train-brandubh-custodial-unarmed: strength over generations
# Written by tafl; run `gnuplot train.gp` in this directory to redraw train.png and train.svg.
$gens << EOD
0 0 0 0 0.5 0.5 0.5
1 74.1 1 0.271111 0.6050 0.5359 0.6702
2 116.0 1 0.227366 0.5600 0.4907 0.6270
3 116.0 0 0.252491 0.4850 0.4167 0.5539
4 147.3 1 0.247996 0.5450 0.4758 0.6125
5 147.3 0 0.247061 0.4850 0.4167 0.5539
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "train.png"
set title 'train-brandubh-custodial-unarmed'
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
set title 'train-brandubh-custodial-unarmed'
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

# tafl train train-brandubh-net-window: strength over generations
# Written by tafl; run `gnuplot train.gp` in this directory to redraw train.png and train.svg.
$gens << EOD
0 0 0 0 0.5 0.5 0.5
1 0.0 0 0.261821 0.4950 0.4265 0.5637
2 0.0 0 0.244429 0.4800 0.4118 0.5490
3 0.0 0 0.194261 0.4750 0.4069 0.5440
4 1.7 1 0.175405 0.5025 0.4340 0.5709
5 1.7 0 0.160467 0.5000 0.4314 0.5686
6 19.1 1 0.160698 0.5250 0.4563 0.5927
7 26.0 1 0.147765 0.5100 0.4412 0.5784
8 67.9 1 0.139866 0.5600 0.4907 0.6270
9 67.9 0 0.153198 0.4950 0.4265 0.5637
10 81.8 1 0.159279 0.5200 0.4510 0.5882
11 81.8 0 0.172483 0.4900 0.4216 0.5588
12 81.8 0 0.162093 0.5000 0.4314 0.5686
13 85.3 1 0.162967 0.5050 0.4363 0.5735
14 85.3 0 0.161669 0.5000 0.4314 0.5686
15 85.3 0 0.162993 0.4950 0.4265 0.5637
16 85.3 0 0.175452 0.4950 0.4265 0.5637
17 85.3 0 0.172042 0.4900 0.4216 0.5588
18 88.8 1 0.185197 0.5050 0.4363 0.5735
19 88.8 0 0.185971 0.5000 0.4314 0.5686
20 102.7 1 0.165357 0.5200 0.4510 0.5882
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "train.png"
set title 'train-brandubh-net-window'
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
set title 'train-brandubh-net-window'
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

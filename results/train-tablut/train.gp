# tafl train train-tablut: strength over generations
# Written by tafl; run `gnuplot train.gp` in this directory to redraw train.png and train.svg.
$gens << EOD
0 0 0 0 0.5 0.5 0.5
1 0.0 0 0.584403 0.3950 0.3302 0.4638
2 0.0 0 0.681074 0.4725 0.4050 0.5410
3 0.0 0 0.639604 0.4350 0.3682 0.5043
4 0.0 0 0.587490 0.5000 0.4314 0.5686
5 0.0 0 0.569048 0.4975 0.4294 0.5657
6 24.4 1 0.568799 0.5350 0.4662 0.6025
7 34.8 1 0.566336 0.5150 0.4461 0.5833
8 59.2 1 0.520712 0.5350 0.4659 0.6028
9 69.6 1 0.556284 0.5150 0.4461 0.5833
10 108.0 1 0.581039 0.5550 0.4857 0.6222
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "train.png"
set title 'train-tablut'
set xlabel "generation"
set ylabel "summed Elo of the accepted gates (not a match against hand)"
set y2label "gate score of the candidate"
set y2range [0:1]
set ytics nomirror
set y2tics
set key left top
set grid
plot $gens using 1:2 with linespoints lw 2 title "best (gates' Elo sum)", $gens using 1:5:6:7 axes x1y2 with yerrorbars title "gate score, 95% interval"

unset output
set terminal svg size 960,600 noenhanced
set output "train.svg"
set title 'train-tablut'
set xlabel "generation"
set ylabel "summed Elo of the accepted gates (not a match against hand)"
set y2label "gate score of the candidate"
set y2range [0:1]
set ytics nomirror
set y2tics
set key left top
set grid
plot $gens using 1:2 with linespoints lw 2 title "best (gates' Elo sum)", $gens using 1:5:6:7 axes x1y2 with yerrorbars title "gate score, 95% interval"

unset output

# tafl tune tune-mcts-c: the trace of the grid
# Written by tafl; run `gnuplot tune.gp` in this directory to redraw tune.png and tune.svg.
$rows << EOD
0 0.2 0.415000 0.349914 0.480086
1 0.5 0.507500 0.441595 0.573405
2 0.8 0.450000 0.380015 0.519985
3 1.1 0.485000 0.417880 0.552120
4 1.4 0.370000 0.304086 0.435914
5 1.7 0.505000 0.439268 0.570732
6 2 0.355000 0.283933 0.426067
7 2.3 0.445000 0.381649 0.508351
8 2.6 0.375000 0.306576 0.443424
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "tune.png"
set key outside right top
set grid
set title "tune-mcts-c: mcts:iterations=200 against mcts:iterations=200 on ard-ri"
set ylabel "score"
set xlabel "c"
plot $rows using 2:3:4:5 with yerrorlines pt 7 lc rgb "#4477aa" title "score, 95% interval", 0.5 with lines dt 2 lc rgb "gray" title "even"

unset output
set terminal svg size 960,600 noenhanced
set output "tune.svg"
set key outside right top
set grid
set title "tune-mcts-c: mcts:iterations=200 against mcts:iterations=200 on ard-ri"
set ylabel "score"
set xlabel "c"
plot $rows using 2:3:4:5 with yerrorlines pt 7 lc rgb "#4477aa" title "score, 95% interval", 0.5 with lines dt 2 lc rgb "gray" title "even"

unset output

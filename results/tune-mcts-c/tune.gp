# tafl tune tune-mcts-c: the trace of the grid
# Written by tafl; run `gnuplot tune.gp` in this directory to redraw tune.png and tune.svg.
$rows << EOD
0 0.2 0.550000 0.509594 0.590406
1 0.5 0.500000 0.463332 0.536668
2 0.8 0.545000 0.510785 0.579215
3 1.1 0.495000 0.457058 0.532942
4 1.4 0.505000 0.464606 0.545394
5 1.7 0.520000 0.486280 0.553720
6 2 0.490000 0.450850 0.529150
7 2.3 0.520000 0.483543 0.556457
8 2.6 0.510000 0.470850 0.549150
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "tune.png"
set key outside right top
set grid
set title 'tune-mcts-c: mcts:iterations=200 against mcts:iterations=200 on ard-ri'
set ylabel "score"
set xlabel 'c'
plot $rows using 2:3:4:5 with yerrorlines pt 7 lc rgb "#4477aa" title "score, 95% interval", 0.5 with lines dt 2 lc rgb "gray" title "even"

unset output
set terminal svg size 960,600 noenhanced
set output "tune.svg"
set key outside right top
set grid
set title 'tune-mcts-c: mcts:iterations=200 against mcts:iterations=200 on ard-ri'
set ylabel "score"
set xlabel 'c'
plot $rows using 2:3:4:5 with yerrorlines pt 7 lc rgb "#4477aa" title "score, 95% interval", 0.5 with lines dt 2 lc rgb "gray" title "even"

unset output

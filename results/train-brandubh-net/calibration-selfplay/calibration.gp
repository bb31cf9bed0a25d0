# tafl calibrate: reliability of evaluations
# Written by tafl; run `gnuplot calibration.gp` in this directory to redraw calibration.png and calibration.svg.
$e0 << EOD
0.0844 0.0000 4
0.1629 0.0000 11
0.2635 0.0000 23
0.3487 0.0000 41
0.4627 0.0000 74
0.5532 0.0000 139
0.6538 0.0000 275
0.7543 0.0200 400
0.8464 0.0809 470
0.9289 0.3980 98
EOD
$e1 << EOD
0.0331 0.0000 921
0.1443 0.0338 266
0.2467 0.0446 157
0.3446 0.1444 90
0.4449 0.3095 42
0.5397 0.7241 29
0.6453 0.6818 22
0.7486 1.0000 5
0.8368 0.6667 3
EOD
$e2 << EOD
0.0219 0.0000 1039
0.1441 0.0222 180
0.2502 0.0661 121
0.3488 0.1094 64
0.4469 0.2222 36
0.5483 0.3824 34
0.6528 0.6000 25
0.7577 0.8824 17
0.8405 0.8333 18
0.9563 0.0000 1
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "calibration.png"
set title '/tmp/sp/games.csv'
set xlabel "predicted P(attackers win)"
set ylabel "observed attacker score"
set xrange [0:1]
set yrange [0:1]
set key left top
set grid
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.898, log-loss 1.306)', $e1 using 1:2 with linespoints lw 2 title '/tmp/old.eval (AUC 0.952, log-loss 0.162)', $e2 using 1:2 with linespoints lw 2 title 'trained (AUC 0.967, log-loss 0.140)'

unset output
set terminal svg size 960,600 noenhanced
set output "calibration.svg"
set title '/tmp/sp/games.csv'
set xlabel "predicted P(attackers win)"
set ylabel "observed attacker score"
set xrange [0:1]
set yrange [0:1]
set key left top
set grid
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.898, log-loss 1.306)', $e1 using 1:2 with linespoints lw 2 title '/tmp/old.eval (AUC 0.952, log-loss 0.162)', $e2 using 1:2 with linespoints lw 2 title 'trained (AUC 0.967, log-loss 0.140)'

unset output

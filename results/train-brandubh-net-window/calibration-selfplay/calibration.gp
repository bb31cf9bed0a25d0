# tafl calibrate: reliability of evaluations
# Written by tafl; run `gnuplot calibration.gp` in this directory to redraw calibration.png and calibration.svg.
$e0 << EOD
0.0864 0.0000 2
0.1516 0.0000 10
0.2392 0.0000 25
0.3571 0.0000 46
0.4573 0.0000 73
0.5537 0.0000 128
0.6574 0.0199 251
0.7557 0.0440 409
0.8487 0.0537 447
0.9285 0.2879 132
EOD
$e1 << EOD
0.0216 0.0021 969
0.1462 0.0561 196
0.2475 0.0672 134
0.3448 0.1429 84
0.4424 0.1569 51
0.5492 0.2727 33
0.6561 0.4000 15
0.7513 0.5000 10
0.8453 0.7500 28
0.9121 0.6667 3
EOD
$e2 << EOD
0.0179 0.0060 992
0.1448 0.0457 197
0.2451 0.1111 108
0.3507 0.1039 77
0.4452 0.1186 59
0.5404 0.3333 27
0.6525 0.5500 20
0.7474 0.6190 21
0.8602 0.6429 14
0.9265 0.1250 8
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
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.810, log-loss 1.351)', $e1 using 1:2 with linespoints lw 2 title '/tmp/old.eval (AUC 0.922, log-loss 0.173)', $e2 using 1:2 with linespoints lw 2 title 'trained (AUC 0.910, log-loss 0.180)'

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
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.810, log-loss 1.351)', $e1 using 1:2 with linespoints lw 2 title '/tmp/old.eval (AUC 0.922, log-loss 0.173)', $e2 using 1:2 with linespoints lw 2 title 'trained (AUC 0.910, log-loss 0.180)'

unset output

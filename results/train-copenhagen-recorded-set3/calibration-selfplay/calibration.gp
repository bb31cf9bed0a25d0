# tafl calibrate: reliability of evaluations
# Written by tafl; run `gnuplot calibration.gp` in this directory to redraw calibration.png and calibration.svg.
$e0 << EOD
0.3983 0.0000 1
0.4703 0.0000 2
0.5535 0.0000 7
0.6697 0.0000 22
0.7586 0.0000 46
0.8655 0.0546 229
0.9590 0.1070 1393
EOD
$e1 << EOD
0.1808 0.0000 12
0.2631 0.0547 128
0.3520 0.0675 311
0.4489 0.0803 492
0.5496 0.1305 433
0.6467 0.1280 254
0.7419 0.0820 61
0.8334 0.0000 6
0.9134 0.0000 3
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "calibration.png"
set title '/tmp/s4/cph-self/games.csv'
set xlabel "predicted P(attackers win)"
set ylabel "observed attacker score"
set xrange [0:1]
set yrange [0:1]
set key left top
set grid
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.590, log-loss 2.864)', $e1 using 1:2 with linespoints lw 2 title 'trained (AUC 0.605, log-loss 0.690)'

unset output
set terminal svg size 960,600 noenhanced
set output "calibration.svg"
set title '/tmp/s4/cph-self/games.csv'
set xlabel "predicted P(attackers win)"
set ylabel "observed attacker score"
set xrange [0:1]
set yrange [0:1]
set key left top
set grid
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.590, log-loss 2.864)', $e1 using 1:2 with linespoints lw 2 title 'trained (AUC 0.605, log-loss 0.690)'

unset output

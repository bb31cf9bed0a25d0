# tafl calibrate: reliability of evaluations
# Written by tafl; run `gnuplot calibration.gp` in this directory to redraw calibration.png and calibration.svg.
$e0 << EOD
0.0728 0.0000 2
0.1586 0.0000 16
0.2666 0.0000 35
0.3523 0.0000 57
0.4537 0.0000 126
0.5564 0.0000 238
0.6552 0.0102 394
0.7565 0.0821 877
0.8464 0.1470 939
0.9246 0.2939 313
EOD
$e1 << EOD
0.0394 0.0065 1376
0.1447 0.0729 590
0.2498 0.1901 463
0.3440 0.2234 282
0.4460 0.3484 155
0.5415 0.3457 81
0.6366 0.4000 40
0.7352 0.2857 7
0.8229 1.0000 3
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "calibration.png"
set title "/tmp/t23-m-hand/games.csv"
set xlabel "predicted P(attackers win)"
set ylabel "observed attacker score"
set xrange [0:1]
set yrange [0:1]
set key left top
set grid
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title "hand (AUC 0.768, log-loss 1.333)", $e1 using 1:2 with linespoints lw 2 title "trained (AUC 0.838, log-loss 0.278)"

unset output
set terminal svg size 960,600 noenhanced
set output "calibration.svg"
set title "/tmp/t23-m-hand/games.csv"
set xlabel "predicted P(attackers win)"
set ylabel "observed attacker score"
set xrange [0:1]
set yrange [0:1]
set key left top
set grid
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title "hand (AUC 0.768, log-loss 1.333)", $e1 using 1:2 with linespoints lw 2 title "trained (AUC 0.838, log-loss 0.278)"

unset output

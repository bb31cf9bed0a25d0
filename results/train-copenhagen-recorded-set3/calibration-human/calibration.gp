# tafl calibrate: reliability of evaluations
# Written by tafl; run `gnuplot calibration.gp` in this directory to redraw calibration.png and calibration.svg.
$e0 << EOD
0.4653 0.0000 3
0.5603 0.0588 17
0.6515 0.1500 30
0.7611 0.1773 110
0.8617 0.2213 375
0.9606 0.3899 2176
EOD
$e1 << EOD
0.0651 0.0000 39
0.1582 0.0610 164
0.2536 0.1578 374
0.3536 0.2838 569
0.4520 0.3195 651
0.5451 0.4851 505
0.6430 0.6277 282
0.7401 0.7423 97
0.8356 0.7692 26
0.9391 1.0000 4
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "calibration.png"
set title 'tests/data/games/copenhagen.csv'
set xlabel "predicted P(attackers win)"
set ylabel "observed attacker score"
set xrange [0:1]
set yrange [0:1]
set key left top
set grid
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.601, log-loss 1.998)', $e1 using 1:2 with linespoints lw 2 title 'results/train-copenhagen-recorded-set3/best.eval (AUC 0.727, log-loss 0.590)'

unset output
set terminal svg size 960,600 noenhanced
set output "calibration.svg"
set title 'tests/data/games/copenhagen.csv'
set xlabel "predicted P(attackers win)"
set ylabel "observed attacker score"
set xrange [0:1]
set yrange [0:1]
set key left top
set grid
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.601, log-loss 1.998)', $e1 using 1:2 with linespoints lw 2 title 'results/train-copenhagen-recorded-set3/best.eval (AUC 0.727, log-loss 0.590)'

unset output

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
0.0673 0.0000 37
0.1581 0.0620 129
0.2560 0.1486 350
0.3534 0.2509 540
0.4500 0.3416 688
0.5445 0.4593 540
0.6434 0.6218 275
0.7423 0.7103 107
0.8403 0.6316 38
0.9329 1.0000 7
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
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.601, log-loss 1.998)', $e1 using 1:2 with linespoints lw 2 title 'results/train-copenhagen-recorded/best.eval (AUC 0.720, log-loss 0.601)'

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
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.601, log-loss 1.998)', $e1 using 1:2 with linespoints lw 2 title 'results/train-copenhagen-recorded/best.eval (AUC 0.720, log-loss 0.601)'

unset output

# tafl calibrate: reliability of evaluations
# Written by tafl; run `gnuplot calibration.gp` in this directory to redraw calibration.png and calibration.svg.
$e0 << EOD
0.0706 0.0000 5
0.1644 0.0000 11
0.2448 0.0000 32
0.3507 0.0000 39
0.4642 0.0000 83
0.5525 0.0000 114
0.6580 0.0000 212
0.7526 0.0184 380
0.8461 0.0880 500
0.9255 0.2429 140
EOD
$e1 << EOD
0.0203 0.0000 1043
0.1446 0.0732 164
0.2469 0.1176 102
0.3470 0.2000 70
0.4450 0.3390 59
0.5357 0.2391 46
0.6470 0.3529 17
0.7628 0.3750 8
0.8595 1.0000 5
0.9437 1.0000 2
EOD
$e2 << EOD
0.0206 0.0019 1042
0.1398 0.0517 174
0.2492 0.1376 109
0.3444 0.2113 71
0.4424 0.3409 44
0.5398 0.2979 47
0.6464 0.2500 16
0.7476 0.6000 5
0.8543 1.0000 6
0.9436 1.0000 2
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
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.818, log-loss 1.367)', $e1 using 1:2 with linespoints lw 2 title '/tmp/old.eval (AUC 0.927, log-loss 0.160)', $e2 using 1:2 with linespoints lw 2 title 'trained (AUC 0.925, log-loss 0.158)'

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
plot x with lines dt 2 title "perfect", $e0 using 1:2 with linespoints lw 2 title 'hand (AUC 0.818, log-loss 1.367)', $e1 using 1:2 with linespoints lw 2 title '/tmp/old.eval (AUC 0.927, log-loss 0.160)', $e2 using 1:2 with linespoints lw 2 title 'trained (AUC 0.925, log-loss 0.158)'

unset output

# tafl tune tune-eval-copenhagen: the trace of SPSA
# Written by tafl; run `gnuplot tune.gp` in this directory to redraw tune.png and tune.svg.
$rows << EOD
0 0.7 24.3 0.56 1.84 2.31 -2.5 11.5 0.479167 0.408935 0.549398
1 2.77367309 16.5237259 0 2.35841827 0 -6.38813704 6.31581728 0.541667 0.467117 0.616216
2 0 3.21171236 5.32480542 1.4709507 0 -10 15.190493 0.572917 0.499423 0.646411
3 0 1.73993135 4.73609302 1.56906944 0 -10 16.1716803 0.593750 0.530410 0.657090
4 2.48708621 0 8.46672234 0.947297882 4.66328665 -10 22.3893959 0.604167 0.547025 0.661308
5 3.79462602 4.90327427 6.50541263 1.27418283 7.11492378 -7.54836287 25.6582454 0.645833 0.581812 0.709855
6 3.18603174 7.1855028 7.41830405 1.4263314 8.25603805 -8.68947713 27.1797311 0.625000 0.548609 0.701391
7 4.90081394 0.755069543 9.99047735 0.997635851 11.4712547 -10 31.4666866 0.604167 0.492653 0.715680
8 3.81965247 0 8.36873514 0.727345483 9.44407692 -10 34.1695903 0.729167 0.647928 0.810405
9 3.81965247 0 8.36873514 0.727345483 9.44407692 -10 34.1695903 0.625000 0.533696 0.716304
10 3.81965247 0 8.36873514 0.727345483 9.44407692 -10 34.1695903 0.687500 0.615318 0.759682
11 3.81965247 0 8.36873514 0.727345483 9.44407692 -10 34.1695903 0.677083 0.579259 0.774908
12 4.9525759 0 6.66935 1.01057634 7.31984549 -7.87576857 37.0018988 0.675000 0.619672 0.730328
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "tune.png"
set key outside right top
set grid
set title 'tune-eval-copenhagen: alphabeta:depth=2 against alphabeta:depth=2 on copenhagen'
set multiplot layout 2,1
set ylabel "score"
set xlabel "iteration"
set xrange [-0.5:12.5]
set lmargin at screen 0.08
set rmargin at screen 0.70
plot $rows every ::0::11 using 1:10:11 with filledcurves fs transparent solid 0.25 lc rgb "#4477aa" title "95% interval", \
     $rows every ::0::11 using 1:9 with linespoints pt 7 lc rgb "#4477aa" title "score", \
     $rows every ::12::12 using 1:9:10:11 with yerrorbars pt 9 ps 1.5 lc rgb "#228833" title "final check", \
     0.5 with lines dt 2 lc rgb "gray" title "even"
unset title
set ylabel "fraction of the range"
set yrange [0:1]
plot $rows using 1:(($2 - 0) / 16) with linespoints title 'king_distance (0..16)', \
     $rows using 1:(($3 - 0) / 60) with linespoints title 'king_open_lines (0..60)', \
     $rows using 1:(($4 - 0) / 24) with linespoints title 'king_attackers (0..24)', \
     $rows using 1:(($5 - 0) / 4) with linespoints title 'mobility (0..4)', \
     $rows using 1:(($6 - 0) / 30) with linespoints title 'king_two_move (0..30)', \
     $rows using 1:(($7 - -10) / 30) with linespoints title 'corner_guards (-10..20)', \
     $rows using 1:(($8 - 0) / 40) with linespoints title 'king_threats (0..40)'
unset multiplot

unset output
set terminal svg size 960,600 noenhanced
set output "tune.svg"
set key outside right top
set grid
set title 'tune-eval-copenhagen: alphabeta:depth=2 against alphabeta:depth=2 on copenhagen'
set multiplot layout 2,1
set ylabel "score"
set xlabel "iteration"
set xrange [-0.5:12.5]
set lmargin at screen 0.08
set rmargin at screen 0.70
plot $rows every ::0::11 using 1:10:11 with filledcurves fs transparent solid 0.25 lc rgb "#4477aa" title "95% interval", \
     $rows every ::0::11 using 1:9 with linespoints pt 7 lc rgb "#4477aa" title "score", \
     $rows every ::12::12 using 1:9:10:11 with yerrorbars pt 9 ps 1.5 lc rgb "#228833" title "final check", \
     0.5 with lines dt 2 lc rgb "gray" title "even"
unset title
set ylabel "fraction of the range"
set yrange [0:1]
plot $rows using 1:(($2 - 0) / 16) with linespoints title 'king_distance (0..16)', \
     $rows using 1:(($3 - 0) / 60) with linespoints title 'king_open_lines (0..60)', \
     $rows using 1:(($4 - 0) / 24) with linespoints title 'king_attackers (0..24)', \
     $rows using 1:(($5 - 0) / 4) with linespoints title 'mobility (0..4)', \
     $rows using 1:(($6 - 0) / 30) with linespoints title 'king_two_move (0..30)', \
     $rows using 1:(($7 - -10) / 30) with linespoints title 'corner_guards (-10..20)', \
     $rows using 1:(($8 - 0) / 40) with linespoints title 'king_threats (0..40)'
unset multiplot

unset output

# tafl tune tune-eval-copenhagen: the trace of SPSA
# Written by tafl; run `gnuplot tune.gp` in this directory to redraw tune.png and tune.svg.
$rows << EOD
0 0.7 24.3 0.56 1.84 2.31 -2.5 11.5 0.468750 0.435672 0.501828
1 0.181581728 26.2440685 1.33762741 1.71039543 3.28203426 -1.52796574 12.7960457 0.458333 0.411184 0.505483
2 1.95651687 32.9000753 0 2.15412922 6.61003765 1.80003765 8.35870783 0.479167 0.439194 0.519140
3 3.52641662 38.7871993 2.35484962 1.76165428 9.55359967 4.74359967 4.43395846 0.531250 0.498172 0.564328
4 4.59231071 34.7900965 3.95369076 1.49518076 11.5521511 2.74504825 7.09869369 0.531250 0.498172 0.564328
5 3.61165585 31.1126408 5.42467304 1.25001704 9.71342325 0.906320401 4.64705656 0.541667 0.504392 0.578942
6 3.00306158 33.3948693 6.33756445 1.40216561 10.8545375 -0.234793865 6.16854225 0.541667 0.467117 0.616216
7 4.71784378 26.9644361 8.90973775 0.973470063 14.0697541 -3.45001049 10.4554978 0.520833 0.444899 0.596768
8 2.55552083 18.855725 5.66625333 0.432889326 10.0153986 -7.50436602 15.8613051 0.593750 0.530410 0.657090
9 2.81257221 17.8917823 6.0518304 0.36862648 9.53342727 -7.02239468 15.2186767 0.666667 0.592117 0.741216
10 2.81257221 17.8917823 6.0518304 0.36862648 9.53342727 -7.02239468 15.2186767 0.583333 0.503388 0.663279
11 3.28359378 16.1254515 6.75836275 0.486381872 10.4165927 -7.90556012 14.0411228 0.645833 0.581812 0.709855
12 3.28359378 16.1254515 6.75836275 0.486381872 10.4165927 -7.90556012 14.0411228 0.637500 0.585673 0.689327
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "tune.png"
set key outside right top
set grid
set title "tune-eval-copenhagen: alphabeta:depth=2 against alphabeta:depth=2 on copenhagen"
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
plot $rows using 1:(($2 - 0) / 16) with linespoints title "king_distance (0..16)", \
     $rows using 1:(($3 - 0) / 60) with linespoints title "king_open_lines (0..60)", \
     $rows using 1:(($4 - 0) / 24) with linespoints title "king_attackers (0..24)", \
     $rows using 1:(($5 - 0) / 4) with linespoints title "mobility (0..4)", \
     $rows using 1:(($6 - 0) / 30) with linespoints title "king_two_move (0..30)", \
     $rows using 1:(($7 - -10) / 30) with linespoints title "corner_guards (-10..20)", \
     $rows using 1:(($8 - 0) / 40) with linespoints title "king_threats (0..40)"
unset multiplot

unset output
set terminal svg size 960,600 noenhanced
set output "tune.svg"
set key outside right top
set grid
set title "tune-eval-copenhagen: alphabeta:depth=2 against alphabeta:depth=2 on copenhagen"
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
plot $rows using 1:(($2 - 0) / 16) with linespoints title "king_distance (0..16)", \
     $rows using 1:(($3 - 0) / 60) with linespoints title "king_open_lines (0..60)", \
     $rows using 1:(($4 - 0) / 24) with linespoints title "king_attackers (0..24)", \
     $rows using 1:(($5 - 0) / 4) with linespoints title "mobility (0..4)", \
     $rows using 1:(($6 - 0) / 30) with linespoints title "king_two_move (0..30)", \
     $rows using 1:(($7 - -10) / 30) with linespoints title "corner_guards (-10..20)", \
     $rows using 1:(($8 - 0) / 40) with linespoints title "king_threats (0..40)"
unset multiplot

unset output

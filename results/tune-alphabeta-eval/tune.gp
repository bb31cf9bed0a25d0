# tafl tune tune-alphabeta-eval: the trace of SPSA
# Written by tafl; run `gnuplot tune.gp` in this directory to redraw tune.png and tune.svg.
$rows << EOD
0 4 30 6 1 0.492500 0.447884 0.537116
1 2.69778966 34.8832888 7.95331551 0.674447415 0.487500 0.440822 0.534178
2 1.96513959 37.6307265 9.05229061 0.857609931 0.520000 0.476903 0.563097
3 1.66116857 38.7706178 8.59633408 0.933602686 0.522500 0.478622 0.566378
4 2.01766817 37.4337444 8.06158469 1.02272758 0.445000 0.397706 0.492294
5 1.88308344 37.9384371 8.26346178 0.989081401 0.470000 0.424942 0.515058
6 0.350653869 32.1918262 5.96481743 0.60597401 0.577500 0.535523 0.619477
7 0.898460654 30.1375508 6.78652761 0.469022313 0.547500 0.506099 0.588901
8 0.257669699 27.7345847 5.82534118 0.629220052 0.547500 0.493071 0.601929
9 0.537381883 26.685664 5.4057729 0.699148098 0.585000 0.532126 0.637874
10 0.321857659 25.8774482 5.72905924 0.645267042 0.612500 0.556472 0.668528
11 0 29.5844811 4.24624605 0.398131511 0.515000 0.471825 0.558175
12 0 26.940979 5.30364691 0.574364987 0.545000 0.498320 0.591680
13 0 24.7437741 4.42476495 0.720845314 0.572500 0.520048 0.624952
14 0 23.8544502 4.0690354 0.780133572 0.540000 0.495781 0.584219
15 0 24.8927522 4.48435619 0.849353704 0.577500 0.534395 0.620605
16 0 24.3869404 4.28203147 0.883074491 0.565000 0.521937 0.608063
17 0.526340181 26.3607161 3.4925212 0.751489446 0.562500 0.521285 0.603715
18 0.99756612 28.1278134 2.78568229 0.633682962 0.567500 0.523753 0.611247
19 0.95568236 27.9707493 2.84850793 0.644153901 0.542500 0.498100 0.586900
20 0.504796566 26.2799275 2.17217924 0.531432453 0.557500 0.509065 0.605935
21 0.464646434 26.4304905 2.23240443 0.541469986 0.552500 0.504344 0.600656
22 0.110406669 27.7588896 2.76376408 0.630029927 0.592500 0.543181 0.641819
23 0 30.7997825 1.54740695 0.427303738 0.562500 0.519018 0.605982
24 0.417006698 29.2360073 0.921896904 0.531555413 0.547500 0.497198 0.597802
25 0.0818288473 27.9790904 1.42466368 0.44776095 0.557500 0.509065 0.605935
26 0.264869988 28.6654947 1.69922539 0.402000665 0.557500 0.504792 0.610208
27 0.444898273 29.3406008 1.96926782 0.356993594 0.575000 0.521999 0.628001
28 0.374034673 29.0748623 2.07556322 0.339277694 0.587500 0.538808 0.636192
29 0 26.0660783 0.87204962 0.138692094 0.405000 0.346701 0.463299
30 1.85552842 33.0243098 0 0.602574199 0.557500 0.525237 0.589763
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "tune.png"
set key outside right top
set grid
set title "tune-alphabeta-eval: alphabeta:depth=2 against alphabeta:depth=2 on tablut"
set multiplot layout 2,1
set ylabel "score"
set xlabel "iteration"
set xrange [-0.5:30.5]
set lmargin at screen 0.08
set rmargin at screen 0.70
plot $rows every ::0::29 using 1:7:8 with filledcurves fs transparent solid 0.25 lc rgb "#4477aa" title "95% interval", \
     $rows every ::0::29 using 1:6 with linespoints pt 7 lc rgb "#4477aa" title "score", \
     $rows every ::30::30 using 1:6:7:8 with yerrorbars pt 9 ps 1.5 lc rgb "#228833" title "final check", \
     0.5 with lines dt 2 lc rgb "gray" title "even"
unset title
set ylabel "fraction of the range"
set yrange [0:1]
plot $rows using 1:(($2 - 0) / 16) with linespoints title "king_distance (0..16)", \
     $rows using 1:(($3 - 0) / 60) with linespoints title "king_open_lines (0..60)", \
     $rows using 1:(($4 - 0) / 24) with linespoints title "king_attackers (0..24)", \
     $rows using 1:(($5 - 0) / 4) with linespoints title "mobility (0..4)"
unset multiplot

unset output
set terminal svg size 960,600 noenhanced
set output "tune.svg"
set key outside right top
set grid
set title "tune-alphabeta-eval: alphabeta:depth=2 against alphabeta:depth=2 on tablut"
set multiplot layout 2,1
set ylabel "score"
set xlabel "iteration"
set xrange [-0.5:30.5]
set lmargin at screen 0.08
set rmargin at screen 0.70
plot $rows every ::0::29 using 1:7:8 with filledcurves fs transparent solid 0.25 lc rgb "#4477aa" title "95% interval", \
     $rows every ::0::29 using 1:6 with linespoints pt 7 lc rgb "#4477aa" title "score", \
     $rows every ::30::30 using 1:6:7:8 with yerrorbars pt 9 ps 1.5 lc rgb "#228833" title "final check", \
     0.5 with lines dt 2 lc rgb "gray" title "even"
unset title
set ylabel "fraction of the range"
set yrange [0:1]
plot $rows using 1:(($2 - 0) / 16) with linespoints title "king_distance (0..16)", \
     $rows using 1:(($3 - 0) / 60) with linespoints title "king_open_lines (0..60)", \
     $rows using 1:(($4 - 0) / 24) with linespoints title "king_attackers (0..24)", \
     $rows using 1:(($5 - 0) / 4) with linespoints title "mobility (0..4)"
unset multiplot

unset output

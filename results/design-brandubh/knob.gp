# move-limit knob of experiment design-brandubh
# Written by tafl; run `gnuplot knob.gp` in this directory to redraw knob.png and knob.svg.
$knob << EOD
16 0.840000 0.714858 0.916626
20 0.790000 0.700200 0.858343
24 0.612500 0.563903 0.658957
28 0.462500 0.414227 0.511486
32 0.356667 0.304587 0.412370
36 0.273333 0.208341 0.349645
40 0.286667 0.220338 0.363649
50 0.100000 0.043476 0.213602
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "knob.png"
set title 'design-brandubh: the move-limit knob (a game reaching the limit goes to the attackers)'."\n".'logistic fit: score 1/2 at 27.9, 95% Fieller interval [26.4, 29.3] (ok)'
set xlabel "move limit (max_plies)"
set ylabel "attackers' score (wins + draws/2)"
set yrange [0:1]
set xrange [11:55]
set grid
set key below
set object 1 rect from 26.388100, graph 0 to 29.336672, graph 1 fc rgb "#ffcc80" fs transparent solid 0.3 noborder behind
plot 0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     $knob using 1:2:3:4 with yerrorbars pt 7 lc rgb "#1f77b4" title "race games, 95% intervals", \
     1 / (1 + exp(-(3.093700405 + -0.1108338953 * x))) with lines lw 2 lc rgb "#d62728" title "logistic fit", \
     '+' using (27.912945):(0.5) with points pt 9 ps 2 lc rgb "black" title "crossing (band: its interval)"

unset output
set terminal svg size 960,600 noenhanced
set output "knob.svg"
set title 'design-brandubh: the move-limit knob (a game reaching the limit goes to the attackers)'."\n".'logistic fit: score 1/2 at 27.9, 95% Fieller interval [26.4, 29.3] (ok)'
set xlabel "move limit (max_plies)"
set ylabel "attackers' score (wins + draws/2)"
set yrange [0:1]
set xrange [11:55]
set grid
set key below
set object 1 rect from 26.388100, graph 0 to 29.336672, graph 1 fc rgb "#ffcc80" fs transparent solid 0.3 noborder behind
plot 0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     $knob using 1:2:3:4 with yerrorbars pt 7 lc rgb "#1f77b4" title "race games, 95% intervals", \
     1 / (1 + exp(-(3.093700405 + -0.1108338953 * x))) with lines lw 2 lc rgb "#d62728" title "logistic fit", \
     '+' using (27.912945):(0.5) with points pt 9 ps 2 lc rgb "black" title "crossing (band: its interval)"

unset output

# tafl crossing: the attackers' score against max_plies
# Written by tafl; run `gnuplot crossing.gp` in this directory to redraw crossing.png and crossing.svg.
$pts << EOD
14 0.925000 0.879956 0.954025 "brandubh-lim14"
18 0.790000 0.728354 0.840716 "brandubh-lim18"
22 0.640000 0.571415 0.703308 "brandubh-lim22"
26 0.605000 0.535883 0.670159 "brandubh-lim26"
30 0.385000 0.320333 0.454001 "brandubh-lim30"
40 0.310000 0.249989 0.377172 "brandubh-lim40"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "crossing.png"
set title 'attackers'' score against max_plies: ok, 1/2 at 29.49 [26.57, 33.61] (Fieller, 95%); isotonic 27.91'
set xlabel 'max_plies'
set ylabel "attackers' score (wins + draws/2)"
set yrange [0:1]
set xrange [11.4:42.600000000000001]
set grid
set key below
set samples 400
set object 1 rect from 26.567512829816266, graph 0 to 33.611245879613037, graph 1 behind fc rgb "gray" fs transparent solid 0.2 noborder
set arrow 1 from 29.494937163353374, graph 0 to 29.494937163353374, graph 1 nohead dt 3 lw 2
plot $pts using 1:2:3:4 with yerrorbars pt 7 lw 2 title "games, 95% intervals", \
     $pts using 1:2:5 with labels offset 0,1.2 font ",8" notitle, \
     1 / (1 + exp(-(3.3354425890167709 + -0.11308525834599722 * x))) with lines lw 2 title "logistic fit", \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
set terminal svg size 960,600 noenhanced
set output "crossing.svg"
set title 'attackers'' score against max_plies: ok, 1/2 at 29.49 [26.57, 33.61] (Fieller, 95%); isotonic 27.91'
set xlabel 'max_plies'
set ylabel "attackers' score (wins + draws/2)"
set yrange [0:1]
set xrange [11.4:42.600000000000001]
set grid
set key below
set samples 400
set object 1 rect from 26.567512829816266, graph 0 to 33.611245879613037, graph 1 behind fc rgb "gray" fs transparent solid 0.2 noborder
set arrow 1 from 29.494937163353374, graph 0 to 29.494937163353374, graph 1 nohead dt 3 lw 2
plot $pts using 1:2:3:4 with yerrorbars pt 7 lw 2 title "games, 95% intervals", \
     $pts using 1:2:5 with labels offset 0,1.2 font ",8" notitle, \
     1 / (1 + exp(-(3.3354425890167709 + -0.11308525834599722 * x))) with lines lw 2 title "logistic fit", \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output

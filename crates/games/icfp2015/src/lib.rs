//! ICFP Programming Contest 2015 (Honeycomb): rules, problems, official scoring. (Work in progress: not yet usable.)

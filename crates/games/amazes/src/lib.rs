//! Amazes (CodeCup 2010): mazes, rules with discovery inference, bot protocol. (Work in progress: not yet usable.)

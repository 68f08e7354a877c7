// A parse worker's stand-in for a parser that hangs: it spins until it is stopped.
for (;;);

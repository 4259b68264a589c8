"""Pure rules engines for marketplay: no gRPC, no I/O, no logging set-up."""

"""gRPC transport for marketplay: servicer, sealing, errors, metrics, config."""

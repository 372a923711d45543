// The test kit's processes and ports: a free loopback port, and bare Prism (its own CLI) for the checks
// that compare with it. Both live in scripts/, which the benchmarks use too (bench/ never imports test/).
export { freePort } from '../../scripts/free-port.ts';
export { type PrismOptions, type PrismProcess, startPrism } from '../../scripts/prism.ts';

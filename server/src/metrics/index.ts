/** The operator's metrics (GET /metrics, Prometheus text format): see metrics.ts and metrics.routes.ts. */
export { countJobFailure } from './job-failures';
export { COLLECT_TIMEOUT_MS, createMetrics, type Metrics, type MetricsSources } from './metrics';
export { metricsRoutes } from './metrics.routes';

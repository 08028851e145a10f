// The part of autocannon 8's API the bench uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; total: number };
  type Result = {
    duration: number;
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}

/** A session's device as its owner recognises it: the browser and the operating system a User-Agent names. */
export type DeviceDescription = { browser: string | null; system: string | null };

// Order matters: Edge and Opera also say 'Chrome', Chrome also says 'Safari'.
const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

// iPhone and Android before Linux and macOS, which their User-Agents also name.
const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

function firstMatch(text: string, patterns: [RegExp, string][]): string | null {
  return patterns.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, system: null };
  return { browser: firstMatch(userAgent, browsers), system: firstMatch(userAgent, systems) };
}

export interface DeviceInfo {
  device_type: 'mobile' | 'tablet' | 'desktop';
  platform: string | null;
  browser: string | null;
}

/** Enough user-agent reading to label sessions and plays; not a full parser on purpose. */
export function describeUserAgent(userAgent: string | undefined): DeviceInfo {
  const ua = userAgent ?? '';
  const device_type = /iPad|Tablet|(Android(?!.*Mobile))/i.test(ua) ? 'tablet' : /Mobi|iPhone|Android/i.test(ua) ? 'mobile' : 'desktop';
  const platform =
    /Windows/i.test(ua) ? 'Windows'
    : /iPhone|iPad|iPod/i.test(ua) ? 'iOS'
    : /Mac OS X|Macintosh/i.test(ua) ? 'macOS'
    : /Android/i.test(ua) ? 'Android'
    : /CrOS/i.test(ua) ? 'ChromeOS'
    : /Linux/i.test(ua) ? 'Linux'
    : null;
  const browser =
    /Edg\//i.test(ua) ? 'Edge'
    : /OPR\/|Opera/i.test(ua) ? 'Opera'
    : /Firefox\//i.test(ua) ? 'Firefox'
    : /Chrome\/|Chromium\/|CriOS/i.test(ua) ? 'Chrome'
    : /Safari\//i.test(ua) ? 'Safari'
    : null;
  return { device_type, platform, browser };
}

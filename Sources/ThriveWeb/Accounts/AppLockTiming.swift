import ThriveCore

/// The app lock's clock as `applock.js` runs it, in seconds: when the lock comes, when the warning
/// before it, and how often the page tells the server it is in use (a quarter of the lock's time,
/// at most a minute, so the server's own count of unused time never runs ahead of the page's).
struct AppLockTiming: Sendable {
    let lockAfter: Int
    let warnBefore: Int
    let activeEvery: Int

    init(idleMinutes: Int) {
        lockAfter = idleMinutes * 60
        warnBefore = AppLock.warningSeconds(idleMinutes: idleMinutes)
        activeEvery = min(60, idleMinutes * 15)
    }
}

import Foundation

/// The app lock, as banking apps have it: a session stays signed in for weeks (``SessionPolicy``),
/// but after some minutes without use the app shows a lock screen that opens with a passkey, a PIN
/// or the password (spec 001: re-authenticate after 15 minutes; biometrics fall back to the
/// password after 3 failures).
public struct AppLock: Hashable, Sendable {
    /// Minutes without use before the lock; nil when the person turned the lock off.
    public var idleMinutes: Int?
    /// The PIN's bcrypt hash, when the person set one.
    public var pinHash: String?

    public static let defaultMinutes = 15
    /// What the setting offers.
    public static let choices = [1, 5, 15, 30, 60]
    /// Failed passkey attempts on the lock screen after which only the password opens it.
    public static let passkeyAttempts = 3
    /// Wrong PINs after which only the password opens it (a PIN is short: few guesses).
    public static let pinAttempts = 5
    /// How long before the lock the warning comes, so a person can stay (WCAG 2.2.1 asks for 20 s
    /// at least): a minute, or half the time when the lock comes after one minute.
    public static func warningSeconds(idleMinutes: Int) -> Int { idleMinutes == 1 ? 30 : 60 }

    public init(idleMinutes: Int? = AppLock.defaultMinutes, pinHash: String? = nil) {
        self.idleMinutes = idleMinutes
        self.pinHash = pinHash
    }

    /// Whether a session last used at `lastUsed` is locked at `now`: at the limit exactly, it is.
    public func isDue(lastUsed: Date, now: Date) -> Bool {
        guard let idleMinutes else { return false }
        return now.timeIntervalSince(lastUsed) >= Double(idleMinutes * 60)
    }

    /// The operator's default for people who never chose (`THRIVE_APP_LOCK_MINUTES`): "off" or one
    /// of ``choices``.
    public static func operatorDefault(_ text: String) -> Int?? {
        do { return .some(try minutes(from: text)) } catch { return nil }
    }

    /// A setting's value as the form or the API sends it: "off" or one of ``choices``.
    public static func minutes(from text: String) throws(ValidationError) -> Int? {
        if text == "off" { return nil }
        guard let minutes = Int(text), choices.contains(minutes) else {
            throw ValidationError.because("lockMinutes", "lockMinutes")
        }
        return minutes
    }

    /// A PIN: 4 to 8 digits, not one digit repeated nor a run up or down ("1111", "1234", "4321"),
    /// the ones tried first.
    public static func checkPIN(_ pin: String) throws(ValidationError) {
        let digits = pin.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
        guard digits.count == pin.count, (4...8).contains(digits.count) else {
            throw ValidationError.because("pin", "pinLength")
        }
        let steps = Set(zip(digits, digits.dropFirst()).map { ($1 - $0 + 10) % 10 })
        guard steps.count > 1 || !(steps.contains(0) || steps.contains(1) || steps.contains(9)) else {
            throw ValidationError.because("pin", "pinEasy")
        }
    }
}

import Foundation
import ThriveCore
import ThriveStore

/// Profile › Sign-in and security: the password, and the browsers and apps signed in.
struct SecurityPage: Sendable {
    struct SignedIn: Sendable {
        let handle: String
        let name: String
        let current: Bool
        let lastActive: String
        let signedIn: String
    }

    struct PasskeyRow: Sendable {
        let id: String
        let name: String
        /// "Added 3 Nov 2026 · last used 2 hours ago".
        let detail: String
    }

    /// A Google or Apple account: linked (with its address and date), or offered to link.
    struct SocialRow: Sendable {
        let provider: String
        let brand: String
        let linked: Bool
        let detail: String
        let canUnlink: Bool
        let linkLabel: String
        let unlinkLabel: String
    }

    struct LockChoice: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    var notice: String?
    /// A link with a provider that did not work, or an unlink refused.
    var problem: String?
    var errors = FormErrors() {
        didSet { pinOpen = ["pin", "confirmPin", "pinPassword"].contains { errors[$0] != nil } }
    }
    let lockChoices: [LockChoice]
    let lockOn: Bool
    let hasPIN: Bool
    /// The PIN form stays open to show its problems.
    private(set) var pinOpen = false
    let email: String
    /// Changing the address needs e-mail to confirm the new one.
    let canChangeEmail: Bool
    let twoFactorOn: Bool
    /// "since 3 Nov 2026".
    let twoFactorSince: String
    /// "8 recovery codes left."
    let recoveryCodesLeft: String
    let devices: [SignedIn]
    let apps: [SignedIn]
    let hasOthers: Bool
    let hasApps: Bool
    let sessionLength: String
    let passkeys: [PasskeyRow]
    let hasPasskeys: Bool
    /// This browser's name, offered for a new passkey.
    let suggestedPasskeyName: String
    let passkeyNameLimit = PasskeyService.nameLimit
    let social: [SocialRow]
    let hasSocial: Bool
    /// An account made with Google or Apple has no password until its owner sets one.
    let hasPassword: Bool

    init(
        email: String, canChangeEmail: Bool, twoFactor: (since: Date, codesLeft: Int)?, sessions: [WebSession],
        apps: [AuthTokenFamily], passkeys: [Passkey], lock: AppLock, current: String?, zone: TimeZone, now: Date,
        sessionMinutes: Int, hasPassword: Bool = true, identities: [LinkedIdentity] = [], offered: [SocialProvider] = []
    ) {
        self.hasPassword = hasPassword
        let unlinkable = SocialSignIn.canUnlink(
            hasPassword: hasPassword, passkeys: passkeys.count, identities: identities.count)
        social = SocialProvider.allCases.compactMap { provider in
            let identity = identities.first { $0.provider == provider }
            guard identity != nil || offered.contains(provider) else { return nil }
            let linkedOn = identity.map { t("social.linkedOn", ["date": DisplayFormat.date($0.linkedAt, in: zone)]) }
            return SocialRow(
                provider: provider.rawValue, brand: provider.brand, linked: identity != nil,
                detail: [identity?.email, linkedOn].compactMap { $0 }.joined(separator: " · "),
                canUnlink: unlinkable, linkLabel: t("social.link", ["provider": provider.brand]),
                unlinkLabel: t("social.unlink", ["provider": provider.brand]))
        }
        hasSocial = !social.isEmpty
        lockChoices =
            [LockChoice(value: "off", label: t("lock.off"), selected: lock.idleMinutes == nil)]
            + AppLock.choices.map { minutes in
                LockChoice(
                    value: String(minutes), label: DisplayFormat.length(minutes: minutes), selected: lock.idleMinutes == minutes)
            }
        lockOn = lock.idleMinutes != nil
        hasPIN = lock.pinHash != nil
        self.email = email
        self.canChangeEmail = canChangeEmail
        twoFactorOn = twoFactor != nil
        twoFactorSince = twoFactor.map { t("twoFactor.since", ["date": DisplayFormat.date($0.since, in: zone)]) } ?? ""
        recoveryCodesLeft = twoFactor.map { t(Phrase("twoFactor.codesLeft", ["count": .integer($0.codesLeft)])) } ?? ""
        devices = sessions.map { session in
            let isCurrent = session.tokenHash == current
            return SignedIn(
                handle: session.handle, name: Self.name(BrowserName(stored: session.deviceName)), current: isCurrent,
                lastActive: isCurrent ? t("security.activeNow") : DisplayFormat.since(session.lastSeenAt, zone: zone, now: now),
                signedIn: DisplayFormat.date(session.createdAt, in: zone))
        }
        self.apps = apps.map { family in
            SignedIn(
                handle: family.id.uuidString.lowercased(), name: t("security.app"), current: false,
                lastActive: DisplayFormat.since(family.lastUsedAt, zone: zone, now: now),
                signedIn: DisplayFormat.date(family.createdAt, in: zone))
        }
        hasOthers = sessions.contains { $0.tokenHash != current } || !apps.isEmpty
        hasApps = !apps.isEmpty
        sessionLength = DisplayFormat.length(minutes: sessionMinutes)
        hasPasskeys = !passkeys.isEmpty
        suggestedPasskeyName = devices.first(where: \.current)?.name ?? ""
        self.passkeys = passkeys.map { passkey in
            let added = t("passkeys.added", ["date": DisplayFormat.date(passkey.createdAt, in: zone)])
            let used = passkey.lastUsedAt.map { t("passkeys.lastUsed", ["when": DisplayFormat.since($0, zone: zone, now: now)]) }
            return PasskeyRow(
                id: passkey.credentialID, name: passkey.name,
                detail: [added, used ?? t("passkeys.neverUsed")].joined(separator: " · "))
        }
    }

    /// "Firefox on Android"; "A browser" when the browser did not say.
    static func name(_ browser: BrowserName?) -> String {
        guard let browser else { return t("security.unknownBrowser") }
        if browser.system == "?" { return browser.browser }
        if browser.browser == "?" { return t("security.browserOn", ["system": browser.system]) }
        return t("security.browserOnSystem", ["browser": browser.browser, "system": browser.system])
    }
}

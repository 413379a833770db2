import Foundation
import Synchronization
import ThriveCore
import ThriveStore

/// Why a login was refused, in words a person can act on.
public enum LoginRefusal: Error, Equatable, Sendable {
    /// Wrong e-mail or password; deliberately does not say which.
    case wrongCredentials
    /// Too many failures for this account or from this address.
    case locked(until: Date)
}

/// Sign-up and login: validation, password hashing and brute-force throttling.
public struct AccountService: Sendable {
    let store: Store
    let hasher: any PasswordHasher
    let now: Now
    let ids: IDGenerator
    let throttle = LoginThrottlePolicy()
    private let decoy = DecoyHash()

    public init(store: Store, hasher: any PasswordHasher, now: Now, ids: IDGenerator) {
        self.store = store
        self.hasher = hasher
        self.now = now
        self.ids = ids
    }

    /// Creates the account and its profile in one transaction, then runs `andThen` inside the same
    /// transaction (to start a session, say): either all of it is stored or none. Without a password
    /// (an account made by signing in with a provider), only the provider and passkeys open it.
    public func register<R: Sendable>(
        email rawEmail: String, password: String?, profile: Profile,
        andThen: @escaping @Sendable (Repositories, Account) async throws -> R
    ) async throws -> (Account, R) {
        let email = try EmailAddress(rawEmail)
        if let password { try PasswordPolicy.check(password) }
        let profile = try profile.validated(now: now())
        var hash = ""
        if let password { hash = await hasher.hash(password) }
        let account = Account(id: ids.make(), email: email, passwordHash: hash, createdAt: now())
        let time = now()
        let result = try await store.write { repositories in
            try await repositories.accounts.create(account)
            try await repositories.records(of: account.id).profile.save(profile, at: time)
            return try await andThen(repositories, account)
        }
        return (account, result)
    }

    /// A successful sign-in: the account, and the token that names this device from now on (the
    /// one it presented, or a new one) for the client to keep.
    public struct SignIn: Sendable {
        public let account: Account
        public let deviceToken: String
    }

    /// Checks e-mail and password, throttled with growing delays (``LoginThrottlePolicy``): per
    /// account and per client address — or, from a device that signed in to this account before,
    /// per device only, so that nobody else's guessing can keep the owner out of their own phone.
    public func authenticate(
        email rawEmail: String, password: String, clientAddress: String?, deviceToken: String? = nil
    ) async throws -> SignIn {
        let email = try EmailAddress(rawEmail)
        let time = now()
        let knownDevice = deviceToken.flatMap { SecretTokens.looksValid($0) ? SecretTokens.hash($0) : nil }
        let (account, deviceOwner) = try await store.read { repositories -> (Account?, UserID?) in
            let account = try await repositories.accounts.find(email: email)
            guard let knownDevice else { return (account, nil) }
            return (account, try await repositories.knownDevices.owner(tokenHash: knownDevice))
        }
        let keys: [ThrottleKey]
        if let account, let knownDevice, deviceOwner == account.id {
            keys = [ThrottleKey(.device, knownDevice)]
        } else {
            keys = [ThrottleKey(.account, email.value), ThrottleKey(.address, clientAddress ?? "unknown")]
        }
        let counted = try await admit(keys, at: time)
        // An unknown e-mail still costs one bcrypt verification, so timing does not reveal which accounts exist.
        let hash: String
        if let account, account.hasPassword {
            hash = account.passwordHash
        } else {
            hash = await decoy.value(using: hasher)
        }
        guard let account, account.hasPassword, await hasher.verify(password, against: hash) else {
            let waits = zip(keys, counted).compactMap { key, record in
                throttle.lockedUntil(record, scope: key.scope, now: time)
            }
            if let until = waits.max() { throw LoginRefusal.locked(until: until) }
            throw LoginRefusal.wrongCredentials
        }
        let token = deviceOwner == account.id ? deviceToken! : SecretTokens.make()
        try await store.write { repositories in
            try await takeBack(keys, in: repositories, at: time)
            try await repositories.knownDevices.remember(tokenHash: SecretTokens.hash(token), for: account.id, at: time)
        }
        return SignIn(account: account, deviceToken: token)
    }

    /// After a sign-in without a password (a passkey): the device token this device presented if
    /// it is this person's, else a new one, remembered either way.
    func rememberDevice(for userID: UserID, presented: String?) async throws -> String {
        let time = now()
        return try await store.write { repositories in
            var token = SecretTokens.make()
            if let presented, SecretTokens.looksValid(presented),
                try await repositories.knownDevices.owner(tokenHash: SecretTokens.hash(presented)) == userID
            {
                token = presented
            }
            try await repositories.knownDevices.remember(tokenHash: SecretTokens.hash(token), for: userID, at: time)
            return token
        }
    }

    /// Changes the password once the current one is proved (throttled as a sign-in is), then ends
    /// every other session, app token and known device in the same transaction: whoever knew the
    /// old password is out. `keeping` is the session that made the change.
    public func changePassword(
        for userID: UserID, current: String, new: String, keeping session: String?, sessions: SessionService
    ) async throws {
        try PasswordPolicy.check(new)
        let (account, keys) = try await prove(current, of: userID)
        let hash = await hasher.hash(new)
        let time = now()
        try await store.write { repositories in
            try await takeBack(keys, in: repositories, at: time)
            try await repositories.accounts.updatePasswordHash(hash, for: account.id)
            try await repositories.accountLinks.endAll(for: account.id, purpose: .passwordReset, at: time)
            try await sessions.endOthers(for: account.id, keeping: session, in: repositories)
        }
    }

    /// Gives an account made with Google or Apple its first password (FR-005: either way in once
    /// linked). One that has a password changes it with ``changePassword(for:current:new:keeping:sessions:)``.
    public func setFirstPassword(for userID: UserID, new: String) async throws {
        try PasswordPolicy.check(new)
        let hash = await hasher.hash(new)
        try await store.write { repositories in
            guard let account = try await repositories.accounts.find(id: userID), !account.hasPassword else {
                throw ValidationError.because("password", "passwordExists")
            }
            try await repositories.accounts.updatePasswordHash(hash, for: userID)
        }
    }

    /// Checks the signed-in person's current password, counted as a sign-in attempt on their
    /// account so that a borrowed, unlocked phone cannot be used to guess it.
    func prove(_ password: String, of userID: UserID) async throws -> (Account, [ThrottleKey]) {
        guard let account = try await store.read({ try await $0.accounts.find(id: userID) }) else {
            throw LoginRefusal.wrongCredentials
        }
        // An account made with Google or Apple has nothing to prove yet: it is told how to set one.
        guard account.hasPassword else { throw ValidationError.because("currentPassword", "noPasswordYet") }
        let time = now()
        let keys = [ThrottleKey(.account, account.email.value)]
        let counted = try await admit(keys, at: time)
        guard await hasher.verify(password, against: account.passwordHash) else {
            if let until = throttle.lockedUntil(counted[0], scope: .account, now: time) {
                throw LoginRefusal.locked(until: until)
            }
            throw ValidationError.because("currentPassword", "currentPasswordWrong")
        }
        return (account, keys)
    }

    /// Runs `check` (a code from the authenticator app) counted as a sign-in attempt on the
    /// account's own key for codes, so that a million six-digit guesses take years.
    public func throttled(codeFor userID: UserID, _ check: () async throws -> Void) async throws {
        let time = now()
        let keys = [ThrottleKey(.account, "code:\(userID)")]
        let counted = try await admit(keys, at: time)
        do {
            try await check()
        } catch TwoFactorRefusal.wrongCode {
            if let until = throttle.lockedUntil(counted[0], scope: .account, now: time) {
                throw LoginRefusal.locked(until: until)
            }
            throw TwoFactorRefusal.wrongCode
        }
        try await store.write { try await takeBack(keys, in: $0, at: time) }
    }

    /// One throttle key: its scope and the hash of what it counts.
    struct ThrottleKey {
        let scope: LoginThrottlePolicy.Scope
        let key: String

        init(_ scope: LoginThrottlePolicy.Scope, _ value: String) {
            self.scope = scope
            key = AccountService.throttleKey(scope.rawValue, value)
        }
    }

    /// Checks every key's wait and counts the attempt as a failure, in one transaction that holds
    /// the keys' rows: of thirty parallel guesses, only the free ones get to the password check.
    /// Returns the records as counted.
    private func admit(_ keys: [ThrottleKey], at time: Date) async throws -> [LoginFailureRecord] {
        let admission = try await store.write { repositories -> Result<[LoginFailureRecord], LoginRefusal> in
            var records: [LoginFailureRecord?] = []
            for key in keys { records.append(try await repositories.loginThrottle.claim(key.key)) }
            let waits = zip(keys, records).compactMap { key, record in
                throttle.lockedUntil(record, scope: key.scope, now: time)
            }
            if let until = waits.max() { return .failure(.locked(until: until)) }
            var counted: [LoginFailureRecord] = []
            for (key, record) in zip(keys, records) {
                counted.append(throttle.recordingFailure(record, now: time))
                try await repositories.loginThrottle.save(counted.last, for: key.key)
            }
            return .success(counted)
        }
        return try admission.get()
    }

    /// A right password: the account's (or device's) failures are forgotten, and the address gets
    /// back the one this attempt was counted as.
    func takeBack(_ keys: [ThrottleKey], in repositories: Repositories, at time: Date) async throws {
        for key in keys {
            if key.scope == .address {
                let record = try await repositories.loginThrottle.claim(key.key)
                try await repositories.loginThrottle.save(throttle.refunding(record, now: time), for: key.key)
            } else {
                try await repositories.loginThrottle.save(nil, for: key.key)
            }
        }
    }

    /// Keys are hashed so that no typed e-mail address or IP address is stored with failures.
    static func throttleKey(_ kind: String, _ value: String) -> String {
        "\(kind):\(SecretTokens.hash(value))"
    }
}

/// A hash of a random secret at the configured cost, made on first need, to verify against when no
/// account matches the e-mail.
private final class DecoyHash: Sendable {
    private let cached = Mutex<String?>(nil)

    func value(using hasher: any PasswordHasher) async -> String {
        if let hash = cached.withLock({ $0 }) { return hash }
        let hash = await hasher.hash(SecretTokens.make())
        cached.withLock { $0 = hash }
        return hash
    }
}

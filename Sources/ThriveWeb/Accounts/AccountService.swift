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
    /// transaction (to start a session, say): either all of it is stored or none.
    public func register<R: Sendable>(
        email rawEmail: String, password: String, profile: Profile,
        andThen: @escaping @Sendable (Repositories, Account) async throws -> R
    ) async throws -> (Account, R) {
        let email = try EmailAddress(rawEmail)
        try PasswordPolicy.check(password)
        let profile = try profile.validated(now: now())
        let hash = await hasher.hash(password)
        let account = Account(id: ids.make(), email: email, passwordHash: hash, createdAt: now())
        let time = now()
        let result = try await store.write { repositories in
            try await repositories.accounts.create(account)
            try await repositories.records(of: account.id).profile.save(profile, at: time)
            return try await andThen(repositories, account)
        }
        return (account, result)
    }

    /// Checks e-mail and password. Five failures in 15 minutes lock the account, and separately the
    /// client address, for 15 minutes; a lock refuses even the right password.
    public func authenticate(email rawEmail: String, password: String, clientAddress: String?) async throws -> Account {
        let email = try EmailAddress(rawEmail)
        let keys = [Self.throttleKey("account", email.value), Self.throttleKey("address", clientAddress ?? "unknown")]
        let time = now()
        let (records, account) = try await store.read { repositories in
            var records: [LoginFailureRecord?] = []
            for key in keys { records.append(try await repositories.loginThrottle.record(for: key)) }
            return (records, try await repositories.accounts.find(email: email))
        }
        if let until = records.compactMap({ throttle.lockedUntil($0, now: time) }).max() {
            throw LoginRefusal.locked(until: until)
        }
        // An unknown e-mail still costs one bcrypt verification, so timing does not reveal which accounts exist.
        let hash: String
        if let account {
            hash = account.passwordHash
        } else {
            hash = await decoy.value(using: hasher)
        }
        let verified = await hasher.verify(password, against: hash)
        if let account, verified {
            try await store.write { try await $0.loginThrottle.clear(keys[0]) }
            return account
        }
        let lock = try await store.write { repositories -> Date? in
            var lock: Date?
            for key in keys {
                let next = throttle.recordingFailure(try await repositories.loginThrottle.record(for: key), now: time)
                try await repositories.loginThrottle.save(next, for: key)
                if let until = next.lockedUntil { lock = max(lock ?? until, until) }
            }
            return lock
        }
        if let lock { throw LoginRefusal.locked(until: lock) }
        throw LoginRefusal.wrongCredentials
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

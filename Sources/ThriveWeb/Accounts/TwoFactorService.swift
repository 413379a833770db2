import Foundation
import HummingbirdOTP
import ThriveCore
import ThriveStore

/// Why a second-factor step was refused.
public enum TwoFactorRefusal: Error, Equatable, Sendable {
    /// Not the current code (nor, where allowed, an unused recovery code), or one used already.
    case wrongCode
    /// Two-step sign-in is not on (or not begun) for this account.
    case notEnabled
}

/// Two-step sign-in with an authenticator app (``TwoFactor``): set up with a QR code and a first
/// code, checked at sign-in, turned off only with a code. The secret is sealed at rest with the
/// operator's key (``TokenVault``, the same as connected devices'); recovery codes are kept as
/// SHA-256 hashes, each good once.
struct TwoFactorService: Sendable {
    let store: Store
    let now: Now
    let vault: @Sendable () throws -> TokenVault

    static func purpose(_ userID: UserID) -> String { "totp \(userID)" }

    /// A new secret for the person to scan, not yet on: the key as an app takes it typed in by hand
    /// (base32, in groups of four) and the `otpauth://` address for the QR code.
    func begin(for account: Account) async throws -> (secret: String, address: String) {
        var random = SystemRandomNumberGenerator()
        let secret = TwoFactor.newSecret(using: &random)
        let sealed = try vault().seal(Data(secret.utf8), purpose: Self.purpose(account.id))
        let time = now()
        try await store.write { repositories in
            if let existing = try await repositories.secondFactors.find(for: account.id), existing.enabledAt != nil {
                throw AppError(status: .conflict, code: "conflict", message: t("twoFactor.alreadyOn"))
            }
            try await repositories.secondFactors.begin(SecondFactor(userID: account.id, sealedSecret: sealed, createdAt: time))
        }
        let address = Self.totp(secret).createAuthenticatorURL(label: "\(Brand.name):\(account.email.value)", issuer: Brand.name)
        // What an app is told to type by hand is the key in base32, as the address carries it.
        let key = URLComponents(string: address)?.queryItems?.first { $0.name == "secret" }?.value ?? ""
        let grouped = stride(from: 0, to: key.count, by: 4).map { offset in
            String(key.dropFirst(offset).prefix(4))
        }.joined(separator: " ")
        return (grouped, address)
    }

    /// Turns it on with the first code from the app; returns the recovery codes, shown once.
    func confirm(for userID: UserID, code: String) async throws -> [String] {
        guard let factor = try await store.read({ try await $0.secondFactors.find(for: userID) }), factor.enabledAt == nil,
            let secret = try secret(of: factor)
        else { throw TwoFactorRefusal.notEnabled }
        guard let step = TwoFactor.matchingStep(code, now: now(), lastUsedStep: nil, code: Self.code(secret)) else {
            throw TwoFactorRefusal.wrongCode
        }
        var random = SystemRandomNumberGenerator()
        let codes = TwoFactor.newRecoveryCodes(using: &random)
        let time = now()
        try await store.write { repositories in
            try await repositories.secondFactors.enable(
                for: userID, at: time, step: step, recoveryCodeHashes: codes.map(SecretTokens.hash))
        }
        return codes
    }

    func isEnabled(_ userID: UserID) async throws -> Bool {
        try await store.read { try await $0.secondFactors.find(for: userID) }?.enabledAt != nil
    }

    /// Checks a code from the app — or, when `recoveryAllowed`, an unused recovery code — and uses
    /// it up: the same code is refused the second time, even within its 30 seconds.
    func verify(for userID: UserID, code: String, recoveryAllowed: Bool = true) async throws {
        guard let factor = try await store.read({ try await $0.secondFactors.find(for: userID) }), factor.enabledAt != nil,
            let secret = try secret(of: factor)
        else { throw TwoFactorRefusal.notEnabled }
        if let step = TwoFactor.matchingStep(code, now: now(), lastUsedStep: factor.lastUsedStep, code: Self.code(secret)) {
            guard try await store.write({ try await $0.secondFactors.use(step: step, for: userID) }) else {
                throw TwoFactorRefusal.wrongCode
            }
            return
        }
        let time = now()
        guard recoveryAllowed, let recovery = TwoFactor.normalisedRecoveryCode(code),
            try await store.write({
                try await $0.secondFactors.useRecoveryCode(hash: SecretTokens.hash(recovery), for: userID, at: time)
            })
        else { throw TwoFactorRefusal.wrongCode }
    }

    /// Turns it off, with a current code or a recovery code.
    func disable(for userID: UserID, code: String) async throws {
        try await verify(for: userID, code: code)
        try await store.write { try await $0.secondFactors.remove(for: userID) }
    }

    /// Ten new recovery codes for a current code from the app; the old ones stop working.
    func newRecoveryCodes(for userID: UserID, code: String) async throws -> [String] {
        try await verify(for: userID, code: code, recoveryAllowed: false)
        var random = SystemRandomNumberGenerator()
        let codes = TwoFactor.newRecoveryCodes(using: &random)
        try await store.write {
            try await $0.secondFactors.replaceRecoveryCodes(for: userID, hashes: codes.map(SecretTokens.hash))
        }
        return codes
    }

    private func secret(of factor: SecondFactor) throws -> String? {
        try vault().open(factor.sealedSecret, purpose: Self.purpose(factor.userID)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func totp(_ secret: String) -> TOTP { TOTP(secret: secret, length: 6, timeStep: Int(TwoFactor.step)) }

    /// A step's six digits for `secret`.
    static func code(_ secret: String) -> (Int64) -> Int {
        let totp = totp(secret)
        return { step in totp.compute(date: Date(timeIntervalSince1970: Double(step) * TwoFactor.step)) }
    }
}

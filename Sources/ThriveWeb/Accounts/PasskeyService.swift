import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Passkeys: register several and name them, sign in with one alone, open the app lock with one.
/// The options the browser (or an app) hands to its authenticator, and the checks of what comes
/// back, through ``WebAuthn``. User verification (the face, finger or PIN on the device) is
/// required: a passkey then stands for a password and a second step together.
struct PasskeyService: Sendable {
    let store: Store
    let now: Now
    let vault: @Sendable () throws -> TokenVault
    static let nameLimit = 60
    /// The algorithms offered, most preferred first: ES256, EdDSA, RS256.
    static let algorithms = [-7, -8, -257]

    /// What `navigator.credentials.create()` is given (WebAuthn §5.4), byte strings in base64url.
    struct CreationOptions: Codable, Sendable {
        struct Site: Codable, Sendable {
            let id: String
            let name: String
        }
        struct User: Codable, Sendable {
            let id: String
            let name: String
            let displayName: String
        }
        struct Parameter: Codable, Sendable {
            var type = "public-key"
            let alg: Int
        }
        struct Selection: Codable, Sendable {
            /// Discoverable, so that signing in needs no e-mail address first.
            var residentKey = "required"
            var requireResidentKey = true
            var userVerification = "required"
        }
        let challenge: String
        let rp: Site
        let user: User
        let pubKeyCredParams: [Parameter]
        let timeout: Int
        var attestation = "none"
        let excludeCredentials: [Descriptor]
        var authenticatorSelection = Selection()
    }

    /// What `navigator.credentials.get()` is given (§5.5).
    struct RequestOptions: Codable, Sendable {
        let challenge: String
        let rpId: String
        let timeout: Int
        var userVerification = "required"
        /// Empty when signing in (the person picks any of theirs); their own when unlocking.
        let allowCredentials: [Descriptor]
    }

    struct Descriptor: Codable, Sendable {
        var type = "public-key"
        let id: String
    }

    /// The authenticator's answer to `create()`, byte strings in base64url.
    struct Registration: Codable, Sendable {
        let id: String
        let clientDataJSON: String
        let attestationObject: String
    }

    /// The authenticator's answer to `get()`.
    struct Assertion: Codable, Sendable {
        let id: String
        let clientDataJSON: String
        let authenticatorData: String
        let signature: String
        let userHandle: String?
    }

    /// Options to register a new passkey for `account`, and the sealed ceremony to send back.
    func creationOptions(for account: Account, site: WebAuthn) async throws -> (CreationOptions, ticket: String) {
        let ceremony = PasskeyCeremony(step: .register, userID: account.id, now: now())
        let existing = try await store.read { try await $0.passkeys.all(for: account.id) }
        let options = CreationOptions(
            challenge: ceremony.challenge, rp: .init(id: site.relyingPartyID, name: Brand.name),
            user: .init(
                id: Self.userHandle(account.id), name: account.email.value, displayName: account.email.value),
            pubKeyCredParams: Self.algorithms.map { .init(alg: $0) }, timeout: Int(PasskeyCeremony.lifetime * 1000),
            excludeCredentials: existing.map { Descriptor(id: $0.credentialID) })
        return (options, ceremony.sealed(try vault()))
    }

    /// Checks the new passkey and keeps it under `name`.
    func register(
        _ registration: Registration, name rawName: String, ticket: String?, for userID: UserID, site: WebAuthn
    ) async throws -> Passkey {
        let name = try Self.validName(rawName)
        let ceremony = try opened(ticket, step: .register, userID: userID)
        let registered: WebAuthn.Registered
        do {
            registered = try site.register(
                clientDataJSON: try Self.bytes(registration.clientDataJSON, "clientDataJSON"),
                attestationObject: try Self.bytes(registration.attestationObject, "attestationObject"),
                challenge: ceremony.challengeBytes, requireUserVerification: true)
        } catch let refusal as WebAuthnRefusal {
            throw Self.error(for: refusal)
        }
        let credentialID = Data(registered.credentialID).base64URLEncoded
        guard credentialID == registration.id else { throw Self.error(for: .malformed("id")) }
        let passkey = Passkey(
            credentialID: credentialID, userID: userID, name: name, publicKey: Data(registered.publicKey).base64URLEncoded,
            signCount: Int(registered.signCount), createdAt: now())
        do {
            try await store.write { try await $0.passkeys.add(passkey) }
        } catch StoreError.conflict {
            throw AppError(status: .conflict, code: "passkey_registered", message: t("passkeys.already"))
        }
        return passkey
    }

    /// Options to sign in (anyone's passkey) or to unlock (`userID`'s own only).
    func requestOptions(_ step: PasskeyCeremony.Step, for userID: UserID?, site: WebAuthn) async throws -> (
        RequestOptions, ticket: String
    ) {
        let ceremony = PasskeyCeremony(step: step, userID: userID, now: now())
        var own: [Passkey] = []
        if let userID { own = try await store.read { try await $0.passkeys.all(for: userID) } }
        let options = RequestOptions(
            challenge: ceremony.challenge, rpId: site.relyingPartyID, timeout: Int(PasskeyCeremony.lifetime * 1000),
            allowCredentials: own.map { Descriptor(id: $0.credentialID) })
        return (options, ceremony.sealed(try vault()))
    }

    /// Checks a passkey's signature for the ceremony in `ticket`; returns the passkey, its counter
    /// and last use brought up to date.
    func verify(_ assertion: Assertion, ticket: String?, step: PasskeyCeremony.Step, site: WebAuthn) async throws -> Passkey {
        let ceremony = try opened(ticket, step: step, userID: nil)
        guard var passkey = try await store.read({ try await $0.passkeys.find(credentialID: assertion.id) }),
            ceremony.userID.map({ $0 == passkey.userID.rawValue }) ?? true,
            assertion.userHandle.map({ $0.isEmpty || $0 == Self.userHandle(passkey.userID) }) ?? true
        else {
            throw AppError(status: .unauthorized, code: "passkey_unknown", message: t("passkeys.unknown"))
        }
        let count: UInt32
        do {
            count = try site.authenticate(
                clientDataJSON: try Self.bytes(assertion.clientDataJSON, "clientDataJSON"),
                authenticatorData: try Self.bytes(assertion.authenticatorData, "authenticatorData"),
                signature: try Self.bytes(assertion.signature, "signature"), challenge: ceremony.challengeBytes,
                publicKey: try Self.bytes(passkey.publicKey, "publicKey"), storedSignCount: UInt32(clamping: passkey.signCount),
                requireUserVerification: true)
        } catch let refusal as WebAuthnRefusal {
            throw Self.error(for: refusal)
        }
        let time = now()
        passkey.signCount = Int(count)
        passkey.lastUsedAt = time
        try await store.write { [passkey] in
            try await $0.passkeys.used(credentialID: passkey.credentialID, signCount: passkey.signCount, at: time)
        }
        return passkey
    }

    func rename(_ credentialID: String, of userID: UserID, to rawName: String) async throws {
        let name = try Self.validName(rawName)
        guard try await store.write({ try await $0.passkeys.rename(credentialID: credentialID, of: userID, to: name) }) else {
            throw AppError.notFound(t("passkeys.gone"))
        }
    }

    func remove(_ credentialID: String, of userID: UserID) async throws {
        guard try await store.write({ try await $0.passkeys.remove(credentialID: credentialID, of: userID) }) else {
            throw AppError.notFound(t("passkeys.gone"))
        }
    }

    /// The WebAuthn user handle: the account's id, 16 bytes, never the e-mail address (§14.6.1).
    static func userHandle(_ userID: UserID) -> String {
        withUnsafeBytes(of: userID.rawValue.uuid) { Data($0).base64URLEncoded }
    }

    static func validName(_ raw: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= nameLimit,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ValidationError(field: "name", Phrase("passkeys.nameInvalid", ["limit": .integer(nameLimit)]))
        }
        return name
    }

    private func opened(_ ticket: String?, step: PasskeyCeremony.Step, userID: UserID?) throws -> PasskeyCeremony {
        guard let ticket, let ceremony = PasskeyCeremony.opened(ticket, try vault(), at: now()), ceremony.step == step,
            userID.map({ $0.rawValue == ceremony.userID }) ?? true
        else {
            throw AppError(status: .badRequest, code: "ceremony_expired", message: t("passkeys.expired"), field: "ticket")
        }
        return ceremony
    }

    private static func bytes(_ text: String, _ field: String) throws -> [UInt8] {
        guard let data = Data(base64URLEncoded: text), !data.isEmpty else {
            throw AppError.badRequest(t("passkeys.malformed", ["field": field]), field: field)
        }
        return Array(data)
    }

    static func error(for refusal: WebAuthnRefusal) -> AppError {
        switch refusal {
        case .counterWentBack:
            AppError(status: .unauthorized, code: "passkey_copied", message: t("passkeys.copied"))
        case .wrongOrigin, .wrongSite:
            AppError(status: .unauthorized, code: "passkey_wrong_site", message: t("passkeys.wrongSite"))
        case .userNotVerified:
            AppError(status: .unauthorized, code: "passkey_not_verified", message: t("passkeys.notVerified"))
        default:
            AppError(status: .unauthorized, code: "passkey_refused", message: t("passkeys.refused"))
        }
    }
}

extension WebAuthn {
    /// The site passkeys belong to: `THRIVE_PUBLIC_URL`'s host, or `localhost` (the one address
    /// browsers allow passkeys on without https) when the page was opened there.
    static func site(_ configuration: AppConfiguration, host: String?) throws -> WebAuthn {
        if let publicURL = configuration.publicURL, let url = URL(string: publicURL), let name = url.host,
            let scheme = url.scheme
        {
            return WebAuthn(relyingPartyID: name, origin: "\(scheme)://\(name)" + (url.port.map { ":\($0)" } ?? ""))
        }
        if let host, host == "localhost" || host.hasPrefix("localhost:") {
            return WebAuthn(relyingPartyID: "localhost", origin: "http://\(host)")
        }
        throw AppError(status: .serviceUnavailable, code: "passkeys_unavailable", message: t("passkeys.unavailable"))
    }

    /// The site for the address a request came to.
    static func site(_ configuration: AppConfiguration, for request: Request) throws -> WebAuthn {
        try site(configuration, host: request.head.authority)
    }
}

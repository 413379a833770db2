import Crypto
import CryptoExtras
import Foundation
import ThriveCore

/// Why a passkey's answer was refused (W3C Web Authentication Level 3, §7.1 registration and §7.2
/// authentication ceremonies).
enum WebAuthnRefusal: Error, Equatable, Sendable {
    case malformed(String)
    /// `clientDataJSON.type` is not the ceremony's ("webauthn.create" or "webauthn.get").
    case wrongCeremony
    case wrongChallenge
    case wrongOrigin
    /// The authenticator signed for another site (its rpIdHash is not SHA-256 of this one's id).
    case wrongSite
    /// The authenticator did not see the person (UP flag) or did not verify them (UV flag) when asked.
    case userNotPresent
    case userNotVerified
    case badSignature
    case unsupportedKey
    /// The signature counter did not move forward: a cloned authenticator (§6.1.1).
    case counterWentBack
}

/// A verifier of passkeys for one site: its relying-party id (the host, e.g. "thrive.example.org")
/// and origin ("https://thrive.example.org"). No WebAuthn library is on the mirror; this is the part
/// of the standard a site needs, on swift-crypto: ES256 (P-256), EdDSA (Ed25519) and RS256 keys,
/// `none` attestation (Thrive asks for none and trusts the key, not the make of the authenticator).
struct WebAuthn: Sendable {
    let relyingPartyID: String
    let origin: String

    /// A new passkey, as the registration ceremony leaves it.
    struct Registered: Equatable, Sendable {
        let credentialID: [UInt8]
        /// The COSE_Key as the authenticator gave it.
        let publicKey: [UInt8]
        let signCount: UInt32
        let userVerified: Bool
    }

    /// §7.1: checks the answer to `navigator.credentials.create()` for `challenge`.
    func register(
        clientDataJSON: [UInt8], attestationObject: [UInt8], challenge: [UInt8], requireUserVerification: Bool
    ) throws(WebAuthnRefusal) -> Registered {
        try checkClientData(clientDataJSON, ceremony: "webauthn.create", challenge: challenge)
        let object: CBOR
        do { object = try CBOR.decode(attestationObject).item } catch { throw .malformed("attestation object") }
        guard object["fmt"]?.string != nil, let bytes = object["authData"]?.byteString else {
            throw .malformed("attestation object")
        }
        let data = try AuthenticatorData(bytes)
        try check(data, requireUserVerification: requireUserVerification)
        guard let credential = data.credential else { throw .malformed("no credential in the authenticator data") }
        // The key must be one this verifier can check later.
        _ = try COSEKey(credential.publicKey)
        return Registered(
            credentialID: credential.id, publicKey: credential.publicKey, signCount: data.signCount,
            userVerified: data.userVerified)
    }

    /// §7.2: checks the answer to `navigator.credentials.get()` for `challenge` against the stored
    /// key; returns the authenticator's new signature count.
    func authenticate(
        clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], challenge: [UInt8], publicKey: [UInt8],
        storedSignCount: UInt32, requireUserVerification: Bool
    ) throws(WebAuthnRefusal) -> UInt32 {
        try checkClientData(clientDataJSON, ceremony: "webauthn.get", challenge: challenge)
        let data = try AuthenticatorData(authenticatorData)
        try check(data, requireUserVerification: requireUserVerification)
        let signed = authenticatorData + Array(SHA256.hash(data: clientDataJSON))
        guard try COSEKey(publicKey).isValid(signature: signature, for: signed) else { throw .badSignature }
        // Authenticators that keep no counter always say 0; one that does must count up.
        if data.signCount != 0 || storedSignCount != 0, data.signCount <= storedSignCount { throw .counterWentBack }
        return data.signCount
    }

    private struct ClientData: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
    }

    private func checkClientData(_ json: [UInt8], ceremony: String, challenge: [UInt8]) throws(WebAuthnRefusal) {
        guard let client = try? JSONDecoder().decode(ClientData.self, from: Data(json)) else { throw .malformed("client data") }
        guard client.type == ceremony else { throw .wrongCeremony }
        guard let sent = Data(base64URLEncoded: client.challenge), Array(sent) == challenge else { throw .wrongChallenge }
        guard client.origin == origin, client.crossOrigin != true else { throw .wrongOrigin }
    }

    private func check(_ data: AuthenticatorData, requireUserVerification: Bool) throws(WebAuthnRefusal) {
        guard data.relyingPartyIDHash == Array(SHA256.hash(data: Array(relyingPartyID.utf8))) else { throw .wrongSite }
        guard data.userPresent else { throw .userNotPresent }
        if requireUserVerification, !data.userVerified { throw .userNotVerified }
    }
}

/// The authenticator data (§6.1): rpIdHash, flags, signature counter, and at registration the
/// attested credential: its AAGUID, id and public key.
struct AuthenticatorData: Sendable {
    let relyingPartyIDHash: [UInt8]
    let flags: UInt8
    let signCount: UInt32
    let credential: (id: [UInt8], publicKey: [UInt8])?

    var userPresent: Bool { flags & 0x01 != 0 }
    var userVerified: Bool { flags & 0x04 != 0 }

    init(_ bytes: [UInt8]) throws(WebAuthnRefusal) {
        guard bytes.count >= 37 else { throw .malformed("authenticator data too short") }
        relyingPartyIDHash = Array(bytes[0..<32])
        flags = bytes[32]
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        guard flags & 0x40 != 0 else {
            credential = nil
            return
        }
        // AAGUID (16 bytes), the id's length (2), the id, then the COSE key (CBOR, its own length).
        guard bytes.count >= 55 else { throw .malformed("attested credential data too short") }
        let length = Int(bytes[53]) << 8 | Int(bytes[54])
        guard length <= 1_023, bytes.count >= 55 + length + 1 else { throw .malformed("credential id") }
        let id = Array(bytes[55..<55 + length])
        let keyBytes = Array(bytes[(55 + length)...])
        let rest: Int
        do { rest = try CBOR.decode(keyBytes).rest } catch { throw .malformed("credential public key") }
        credential = (id, Array(keyBytes.prefix(keyBytes.count - rest)))
    }
}

/// A credential public key in COSE form (RFC 9053 / RFC 8230): the three kinds a site is asked to
/// accept by current browsers.
enum COSEKey: Sendable {
    case es256(P256.Signing.PublicKey)
    case edDSA(Curve25519.Signing.PublicKey)
    case rs256(_RSA.Signing.PublicKey)

    init(_ bytes: [UInt8]) throws(WebAuthnRefusal) {
        let key: CBOR
        do { key = try CBOR.decode(bytes).item } catch { throw .malformed("public key") }
        switch (key[1]?.int, key[3]?.int) {
        case (2, -7):
            guard key[-1]?.int == 1, let x = key[-2]?.byteString, let y = key[-3]?.byteString, x.count == 32, y.count == 32,
                let parsed = try? P256.Signing.PublicKey(rawRepresentation: x + y)
            else { throw .unsupportedKey }
            self = .es256(parsed)
        case (1, -8):
            guard key[-1]?.int == 6, let x = key[-2]?.byteString,
                let parsed = try? Curve25519.Signing.PublicKey(rawRepresentation: x)
            else { throw .unsupportedKey }
            self = .edDSA(parsed)
        case (3, -257):
            guard let n = key[-1]?.byteString, let e = key[-2]?.byteString, let parsed = try? _RSA.Signing.PublicKey(n: n, e: e)
            else { throw .unsupportedKey }
            self = .rs256(parsed)
        default:
            throw .unsupportedKey
        }
    }

    /// ES256 signatures come DER-encoded (§6.5.6), EdDSA and RS256 as raw bytes.
    func isValid(signature: [UInt8], for data: [UInt8]) -> Bool {
        switch self {
        case .es256(let key):
            guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: data)
        case .edDSA(let key):
            return key.isValidSignature(signature, for: data)
        case .rs256(let key):
            // RS256 is PKCS #1 v1.5 by definition (RFC 8812); swift-crypto names it "insecure" to steer new designs away.
            return key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        }
    }
}

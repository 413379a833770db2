import Crypto
import Foundation
import Testing
import ThriveCore

@testable import ThriveWeb

/// The passkey verifier against a software authenticator that builds its answers byte by byte as
/// the standard lays them out (§6.1 authenticator data, §6.5.4 attestation object, COSE keys), and
/// every check of §7.1 and §7.2 failing on its own.
@Suite("Passkeys: the WebAuthn verifier")
struct WebAuthnTests {
    static let site = WebAuthn(relyingPartyID: "thrive.example.org", origin: "https://thrive.example.org")
    static let challenge: [UInt8] = Array("a challenge of 32 random bytes!!".utf8)

    /// An authenticator holding one key.
    struct Authenticator {
        enum Key {
            case p256(P256.Signing.PrivateKey)
            case ed25519(Curve25519.Signing.PrivateKey)
        }
        var key: Key = .p256(P256.Signing.PrivateKey())
        var credentialID: [UInt8] = Array((0..<16).map { UInt8($0) })
        var rpID = "thrive.example.org"
        var flags: UInt8 = 0x45  // user present, user verified, attested credential data

        var cose: [UInt8] {
            switch key {
            case .p256(let key):
                let raw = Array(key.publicKey.rawRepresentation)
                return CBOREncoding.map([
                    (CBOREncoding.int(1), CBOREncoding.int(2)), (CBOREncoding.int(3), CBOREncoding.int(-7)),
                    (CBOREncoding.int(-1), CBOREncoding.int(1)), (CBOREncoding.int(-2), CBOREncoding.bytes(Array(raw[0..<32]))),
                    (CBOREncoding.int(-3), CBOREncoding.bytes(Array(raw[32..<64]))),
                ])
            case .ed25519(let key):
                return CBOREncoding.map([
                    (CBOREncoding.int(1), CBOREncoding.int(1)), (CBOREncoding.int(3), CBOREncoding.int(-8)),
                    (CBOREncoding.int(-1), CBOREncoding.int(6)),
                    (CBOREncoding.int(-2), CBOREncoding.bytes(Array(key.publicKey.rawRepresentation))),
                ])
            }
        }

        func authenticatorData(counter: UInt32, attested: Bool) -> [UInt8] {
            var data = Array(SHA256.hash(data: Array(rpID.utf8)))
            data.append(attested ? flags : flags & ~0x40)
            data += withUnsafeBytes(of: counter.bigEndian, Array.init)
            if attested {
                data += [UInt8](repeating: 0, count: 16)
                data += [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)] + credentialID + cose
            }
            return data
        }

        static func clientData(_ type: String, challenge: [UInt8], origin: String = "https://thrive.example.org") -> [UInt8] {
            Array(
                #"{"type":"\#(type)","challenge":"\#(Data(challenge).base64URLEncoded)","origin":"\#(origin)","crossOrigin":false}"#
                    .utf8)
        }

        func attestationObject() -> [UInt8] {
            CBOREncoding.map([
                (CBOREncoding.text("fmt"), CBOREncoding.text("none")), (CBOREncoding.text("attStmt"), CBOREncoding.map([])),
                (CBOREncoding.text("authData"), CBOREncoding.bytes(authenticatorData(counter: 0, attested: true))),
            ])
        }

        func sign(_ data: [UInt8]) throws -> [UInt8] {
            switch key {
            case .p256(let key): Array(try key.signature(for: data).derRepresentation)
            case .ed25519(let key): Array(try key.signature(for: data))
            }
        }

        /// An assertion: authenticator data, client data and the signature over both (§6.3.3).
        func assert(counter: UInt32, challenge: [UInt8] = WebAuthnTests.challenge) throws -> (
            data: [UInt8], client: [UInt8], signature: [UInt8]
        ) {
            let data = authenticatorData(counter: counter, attested: false)
            let client = Self.clientData("webauthn.get", challenge: challenge)
            return (data, client, try sign(data + Array(SHA256.hash(data: client))))
        }
    }

    func registered(_ authenticator: Authenticator) throws -> WebAuthn.Registered {
        try Self.site.register(
            clientDataJSON: Authenticator.clientData("webauthn.create", challenge: Self.challenge),
            attestationObject: authenticator.attestationObject(), challenge: Self.challenge, requireUserVerification: true)
    }

    @Test(arguments: ["es256", "eddsa"])
    func aPasskeyRegistersAndThenSignsIn(kind: String) throws {
        var authenticator = Authenticator()
        if kind == "eddsa" { authenticator.key = .ed25519(Curve25519.Signing.PrivateKey()) }
        let passkey = try registered(authenticator)
        #expect(passkey.credentialID == authenticator.credentialID)
        #expect(passkey.publicKey == authenticator.cose)
        #expect(passkey.userVerified)
        let (data, client, signature) = try authenticator.assert(counter: 7)
        let count = try Self.site.authenticate(
            clientDataJSON: client, authenticatorData: data, signature: signature, challenge: Self.challenge,
            publicKey: passkey.publicKey, storedSignCount: 0, requireUserVerification: true)
        #expect(count == 7)
    }

    @Test func eachRegistrationCheckRefusesOnItsOwn() throws {
        let authenticator = Authenticator()
        func refusal(_ client: [UInt8], _ object: [UInt8], uv: Bool = true) -> WebAuthnRefusal? {
            do {
                _ = try Self.site.register(
                    clientDataJSON: client, attestationObject: object, challenge: Self.challenge, requireUserVerification: uv)
                return nil
            } catch { return error }
        }
        let object = authenticator.attestationObject()
        #expect(refusal(Authenticator.clientData("webauthn.get", challenge: Self.challenge), object) == .wrongCeremony)
        #expect(refusal(Authenticator.clientData("webauthn.create", challenge: Array("another".utf8)), object) == .wrongChallenge)
        #expect(
            refusal(
                Authenticator.clientData("webauthn.create", challenge: Self.challenge, origin: "https://evil.example"), object)
                == .wrongOrigin)
        let create = Authenticator.clientData("webauthn.create", challenge: Self.challenge)
        var elsewhere = authenticator
        elsewhere.rpID = "evil.example"
        #expect(refusal(create, elsewhere.attestationObject()) == .wrongSite)
        var absent = authenticator
        absent.flags = 0x44
        #expect(refusal(create, absent.attestationObject()) == .userNotPresent)
        var unverified = authenticator
        unverified.flags = 0x41
        #expect(refusal(create, unverified.attestationObject()) == .userNotVerified)
        #expect(refusal(create, unverified.attestationObject(), uv: false) == nil, "verification only when asked")
        #expect(refusal(create, Array(object.dropLast(5))) != nil, "cut short")
        #expect(refusal(Array("{}".utf8), object) == .malformed("client data"))
    }

    @Test func aSignInIsRefusedForAnotherChallengeAForgedSignatureOrACounterThatWentBack() throws {
        let authenticator = Authenticator()
        let passkey = try registered(authenticator)
        func refusal(_ data: [UInt8], _ client: [UInt8], _ signature: [UInt8], stored: UInt32 = 0) -> WebAuthnRefusal? {
            do {
                _ = try Self.site.authenticate(
                    clientDataJSON: client, authenticatorData: data, signature: signature, challenge: Self.challenge,
                    publicKey: passkey.publicKey, storedSignCount: stored, requireUserVerification: false)
                return nil
            } catch { return error }
        }
        let (data, client, signature) = try authenticator.assert(counter: 5)
        #expect(refusal(data, client, signature, stored: 4) == nil)
        #expect(refusal(data, client, signature, stored: 5) == .counterWentBack, "a clone repeats a count")
        var forged = signature
        forged[forged.count - 1] ^= 0x01
        #expect(refusal(data, client, forged) == .badSignature)
        var otherData = data
        otherData[36] = 6  // the counter changed after signing
        #expect(refusal(otherData, client, signature) == .badSignature)
        let stale = try authenticator.assert(counter: 6, challenge: Array("yesterday's challenge".utf8))
        #expect(refusal(stale.data, stale.client, stale.signature) == .wrongChallenge)
        let another = try Authenticator().assert(counter: 9)
        #expect(refusal(another.data, another.client, another.signature) == .badSignature, "another authenticator's key")
        let counterless = try authenticator.assert(counter: 0)
        #expect(refusal(counterless.data, counterless.client, counterless.signature) == nil, "no counter kept at all")
    }

    @Test func unsupportedKeysAreRefusedAtRegistration() {
        let symmetric = CBOREncoding.map([(CBOREncoding.int(1), CBOREncoding.int(4)), (CBOREncoding.int(3), CBOREncoding.int(5))])
        #expect(throws: WebAuthnRefusal.unsupportedKey) { _ = try COSEKey(symmetric) }
        let offCurve = CBOREncoding.map([
            (CBOREncoding.int(1), CBOREncoding.int(2)), (CBOREncoding.int(3), CBOREncoding.int(-7)),
            (CBOREncoding.int(-1), CBOREncoding.int(1)),
            (CBOREncoding.int(-2), CBOREncoding.bytes([UInt8](repeating: 1, count: 32))),
            (CBOREncoding.int(-3), CBOREncoding.bytes([UInt8](repeating: 2, count: 32))),
        ])
        #expect(throws: WebAuthnRefusal.unsupportedKey) { _ = try COSEKey(offCurve) }
    }
}

/// Just enough CBOR writing for an authenticator's answers (definite lengths, RFC 8949 §3).
enum CBOREncoding {
    static func head(_ major: UInt8, _ value: UInt64) -> [UInt8] {
        switch value {
        case 0..<24: [major << 5 | UInt8(value)]
        case 24..<256: [major << 5 | 24, UInt8(value)]
        case 256..<65_536: [major << 5 | 25, UInt8(value >> 8), UInt8(value & 0xFF)]
        default: [major << 5 | 26] + withUnsafeBytes(of: UInt32(value).bigEndian, Array.init)
        }
    }

    static func int(_ value: Int) -> [UInt8] { value >= 0 ? head(0, UInt64(value)) : head(1, UInt64(-1 - value)) }
    static func bytes(_ value: [UInt8]) -> [UInt8] { head(2, UInt64(value.count)) + value }
    static func text(_ value: String) -> [UInt8] { head(3, UInt64(value.utf8.count)) + Array(value.utf8) }
    static func map(_ pairs: [([UInt8], [UInt8])]) -> [UInt8] { head(5, UInt64(pairs.count)) + pairs.flatMap { $0.0 + $0.1 } }
}

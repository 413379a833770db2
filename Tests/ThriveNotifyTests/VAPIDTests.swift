import Crypto
import Foundation
import Testing
import ThriveCore

@testable import ThriveNotify

/// RFC 8292: the header's form, an ES256 signature in its raw 64-byte form, the endpoint's origin
/// as audience, and what a push service refuses.
@Suite("VAPID (RFC 8292)")
struct VAPIDTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let browserKey = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
    static let endpoint = URL(string: "https://push.example.net:8443/wpush/v2/abc?x=1")!

    @Test("the header carries a JWT for the endpoint's origin and the public key; a push service accepts it")
    func signsAndVerifies() throws {
        let key = VAPIDKey()
        let header = try key.authorization(
            for: Self.endpoint, subject: "mailto:ops@example.org", expiresAt: Self.now + 12 * 3_600)
        #expect(header.hasPrefix("vapid t="))
        #expect(header.hasSuffix(", k=\(key.publicKey)"))
        let (claims, publicKey) = try VAPIDVerification.verify(header, audience: "https://push.example.net:8443", now: Self.now)
        #expect(claims == VAPIDClaims(aud: "https://push.example.net:8443", exp: 1_795_043_200, sub: "mailto:ops@example.org"))
        #expect(publicKey == key.publicKey)
        #expect(Data(base64URLEncoded: key.publicKey)?.count == 65)
        // JWS ES256: r‖s, 64 bytes, not DER.
        let token = header.dropFirst("vapid t=".count).split(separator: ",")[0]
        #expect(Data(base64URLEncoded: token.split(separator: ".")[2])?.count == 64)
    }

    @Test("a push service refuses another origin, an expired token, one more than 24 hours ahead, a wrong key")
    func refusals() throws {
        let key = VAPIDKey()
        let good = try key.authorization(for: Self.endpoint, subject: "mailto:a@b.c", expiresAt: Self.now + 3_600)
        #expect(throws: VAPIDVerification.Failure.wrongAudience) {
            try VAPIDVerification.verify(good, audience: "https://push.example.net", now: Self.now)
        }
        #expect(throws: VAPIDVerification.Failure.expired) {
            try VAPIDVerification.verify(good, audience: "https://push.example.net:8443", now: Self.now + 3_600)
        }
        // 24 hours exactly is allowed, one second more is not.
        let day = try key.authorization(for: Self.endpoint, subject: "mailto:a@b.c", expiresAt: Self.now + 86_400)
        _ = try VAPIDVerification.verify(day, audience: "https://push.example.net:8443", now: Self.now)
        let tooLong = try key.authorization(for: Self.endpoint, subject: "mailto:a@b.c", expiresAt: Self.now + 86_401)
        #expect(throws: VAPIDVerification.Failure.tooFarAhead) {
            try VAPIDVerification.verify(tooLong, audience: "https://push.example.net:8443", now: Self.now)
        }
        let forged = good.replacingOccurrences(of: key.publicKey, with: VAPIDKey().publicKey)
        #expect(throws: VAPIDVerification.Failure.badSignature) {
            try VAPIDVerification.verify(forged, audience: "https://push.example.net:8443", now: Self.now)
        }
    }

    @Test("a key kept as its 32-byte scalar reads back as the same key")
    func storedKey() throws {
        let key = VAPIDKey()
        #expect(Data(base64URLEncoded: key.stored)?.count == 32)
        #expect(VAPIDKey(stored: key.stored)?.publicKey == key.publicKey)
        #expect(VAPIDKey(stored: "not a key") == nil)
    }

    @Test("a subscription is checked as the browser sends it")
    func subscriptionChecks() throws {
        let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        let auth = "BTBZMqHH6r4Tts7J_aSIgg"
        _ = try WebPushSubscription(endpoint: "https://fcm.googleapis.com/fcm/send/x", p256dh: p256dh, auth: auth)
        _ = try WebPushSubscription(endpoint: "http://127.0.0.1:9000/push/1", p256dh: p256dh, auth: auth)
        func field(_ endpoint: String, _ p256dh: String, _ auth: String) -> String? {
            do {
                _ = try WebPushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
                return nil
            } catch { return error.field }
        }
        #expect(field("http://push.example.net/x", p256dh, auth) == "deviceToken")
        #expect(field("ftp://push.example.net/x", p256dh, auth) == "deviceToken")
        #expect(field("https://push.example.net/x", String(p256dh.dropLast(2)), auth) == "keys.p256dh")
        // 65 bytes starting 0x04 but not a point on the curve.
        let offCurve = (Data([4]) + Data(repeating: 1, count: 64)).base64URLEncoded
        #expect(field("https://push.example.net/x", offCurve, auth) == "keys.p256dh")
        #expect(field("https://push.example.net/x", p256dh, "c2hvcnQ") == "keys.auth")
    }
}

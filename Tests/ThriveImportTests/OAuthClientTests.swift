import Foundation
import Testing
import ThriveCore
import ThriveTestSupport

@testable import ThriveImport

/// PKCE against RFC 7636's own example, and the OAuth client against the stub providers: the
/// consent address each provider expects, the code exchange with the verifier, rotating refresh
/// tokens, and each provider's way of saying "no" and "wait".
struct OAuthClientTests {
    @Test func theChallengeOfRFC7636AppendixB() {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        #expect(PKCE.challenge(for: verifier) == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.verify(verifier, against: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"))
        #expect(!PKCE.verify(verifier, against: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cN"))
        // 43 characters is the shortest verifier; 42 is refused.
        #expect(PKCE.isVerifier(String(repeating: "a", count: 43)) && !PKCE.isVerifier(String(repeating: "a", count: 42)))
        #expect(PKCE.isVerifier(String(repeating: "~", count: 128)) && !PKCE.isVerifier(String(repeating: "a", count: 129)))
        #expect(!PKCE.isVerifier(String(repeating: "+", count: 50)))
        #expect(PKCE.isVerifier(PKCE.newVerifier()) && PKCE.newVerifier() != PKCE.newVerifier())
    }

    @Test func retryAfterIsReadInSecondsOrAsADate() {
        #expect(OAuthClient.retryAfter(ProviderResponse(status: 429, headers: [("retry-after", "120")], body: Data())) == 120)
        #expect(OAuthClient.retryAfter(ProviderResponse(status: 429, body: Data())) == nil)
        let soon = Date().addingTimeInterval(600).formatted(
            Date.VerbatimFormatStyle(
                format:
                    "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
                locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt, calendar: Calendar(identifier: .gregorian)))
        let wait = try? #require(
            OAuthClient.retryAfter(ProviderResponse(status: 429, headers: [("Retry-After", soon)], body: Data())))
        #expect(wait.map { (590...600).contains($0) } == true, "\(soon)")
    }

    @Test(arguments: DeviceProvider.allCases)
    func theExchangeNeedsTheVerifierAndRefreshTokensRotate(_ provider: DeviceProvider) async throws {
        try await StubDeviceProviders.run { stub in
            let app = ProviderApp(
                provider: provider, clientID: stub.clientID, clientSecret: stub.clientSecret,
                endpoints: .rebased(provider, on: stub.baseURL))
            let client = OAuthClient(app: app, transport: HTTPProviderTransport())
            let verifier = PKCE.newVerifier()
            let redirect = "http://127.0.0.1:9/oauth/callback"
            let url = client.authorizationURL(redirectURI: redirect, state: "s t", challenge: PKCE.challenge(for: verifier))
            let query = Dictionary(
                uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                    ($0.name, $0.value ?? "")
                })
            #expect(query["code_challenge_method"] == "S256" && query["state"] == "s t" && query["redirect_uri"] == redirect)
            #expect(
                query["scope"]
                    == OAuthClient.scopeWords(provider, provider.scopes).joined(separator: provider == .withings ? "," : " "))
            #expect((query["access_type"] == "offline") == (provider == .googleFit))

            let consent = try await StubConsent.code(url)
            do throws(ProviderError) {
                _ = try await client.exchange(code: consent, verifier: PKCE.newVerifier(), redirectURI: redirect)
                Issue.record("a wrong verifier must be refused")
            } catch {
                #expect(error == .revoked)
            }
            let fresh = try await StubConsent.code(
                client.authorizationURL(redirectURI: redirect, state: "s", challenge: PKCE.challenge(for: verifier)))
            let grant = try await client.exchange(code: fresh, verifier: verifier, redirectURI: redirect)
            let refresh = try #require(grant.refresh)
            let spent = refresh.reveal()
            let next = try await client.refresh(refresh)
            if provider == .googleFit {
                #expect(next.refresh == nil, "Google keeps its refresh token")
                _ = try await client.refresh(SecretToken(spent))
            } else {
                #expect(next.refresh != nil && next.refresh?.reveal() != spent)
                do throws(ProviderError) {
                    _ = try await client.refresh(SecretToken(spent))
                    Issue.record("a spent refresh token must be refused")
                } catch {
                    #expect(error == .revoked)
                }
            }
            grant.wipe()
            #expect(grant.access.isEmpty && refresh.isEmpty, "wiped")
        }
    }
}

/// The stub's consent page: its redirect carries the code.
enum StubConsent {
    static func code(_ url: URL) async throws -> String {
        let back = try await StubDeviceProviders.consent(at: url.absoluteString)
        return try #require(back.queryItems?.first { $0.name == "code" }?.value)
    }
}

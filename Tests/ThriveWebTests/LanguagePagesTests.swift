import Foundation
import HTTPTypes
import Testing
import ThriveCore

@testable import ThriveWeb

@Suite("Pages in the person's language")
struct LanguagePagesTests {
    @Test func acceptLanguagePicksTheBestSupportedLanguage() {
        #expect(AcceptLanguage.preferred("de-DE,de;q=0.9,en;q=0.8") == .de)
        #expect(AcceptLanguage.preferred("fr;q=0.5, pt-BR;q=0.9") == .pt)
        #expect(AcceptLanguage.preferred("ja, es;q=0.3") == .es)
        #expect(AcceptLanguage.preferred("ja, zh;q=0.3") == nil)
        #expect(AcceptLanguage.preferred("es;q=0, fr") == .fr)
        #expect(AcceptLanguage.preferred(nil) == nil)
    }

    @Test func theClockFollowsTheRegionTheBrowserNamesWithTheLanguage() {
        #expect(AcceptLanguage.region(of: .en, in: "en-US,en;q=0.9") == "US")
        #expect(AcceptLanguage.region(of: .pt, in: "en-US, pt-BR;q=0.8") == "BR")
        #expect(AcceptLanguage.region(of: .en, in: "en, de-DE") == nil)
        #expect(AcceptLanguage.region(of: .es, in: "es-419") == nil, "a continent is no region's clock")
        #expect(Localizer(.en, acceptLanguage: "en-US").twelveHourClock)
        #expect(!Localizer(.en, acceptLanguage: "en-GB").twelveHourClock)
        #expect(!Localizer(.en).twelveHourClock, "English without a region keeps 24 hours")
        #expect(Localizer(.es, acceptLanguage: "es-MX").twelveHourClock)
        #expect(!Localizer(.de, acceptLanguage: "de-DE").twelveHourClock)
        #expect(!Localizer(.fr, acceptLanguage: "fr-CA").twelveHourClock, "Canadian French writes 13 h")
        let time = Date(timeIntervalSince1970: 7 * 3_600 + 5 * 60)
        #expect(
            Localizer.$current.withValue(Localizer(.en, acceptLanguage: "en-US")) { DisplayFormat.time(time, in: .gmt) }
                == "7:05\u{202F}AM", "a narrow no-break space before AM")
        #expect(Localizer.$current.withValue(Localizer(.de)) { DisplayFormat.time(time, in: .gmt) } == "07:05")
    }

    @Test func pluralsFollowEachLanguagesRule() {
        #expect(Localizer(.en).plural("unit.steps", 1) == "1 step")
        #expect(Localizer(.en).plural("unit.steps", 0) == "0 steps")
        #expect(Localizer(.de).plural("unit.steps", 8_000) == "8.000 Schritte")
        #expect(Localizer(.fr).plural("unit.days", 0) == "0 jour")
        #expect(Localizer(.es).plural("unit.days", 0) == "0 días")
    }

    @Test func signedOutPagesSpeakTheBrowsersLanguage() async throws {
        try await TestApp.make().test { browser in
            let german = try await browser.get("/login", headers: [.acceptLanguage: "de-DE,de;q=0.9,en;q=0.5"])
            #expect(german.text.contains(#"<html lang="de""#))
            #expect(german.text.contains("<title>Anmelden · Thrive</title>"))
            #expect(german.headers[.vary]?.contains("Accept-Language") == true, "caches keep one copy per language")
            #expect(german.text.contains(#"<label for="password">Passwort</label>"#))
            let french = try await browser.get("/signup", headers: [.acceptLanguage: "fr"])
            #expect(french.text.contains("<h1 id=\"signup-title\">Créer votre compte</h1>"))
            let unknown = try await browser.get("/login", headers: [.acceptLanguage: "ja"])
            #expect(unknown.text.contains(#"<html lang="en""#))
            #expect(unknown.text.contains(#"<label for="password">Password</label>"#))
        }
    }

    /// The rules ThriveCore checks (passwords, e-mail addresses, time zones) explain themselves in
    /// the reader's language, with the language's quotation marks and number grouping.
    /// Signing out keeps the language the person chose: the login page after it speaks Spanish to
    /// an English browser; a person who follows the browser's language leaves nothing behind.
    @Test func theLanguageChosenOutlastsSigningOut() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            try await browser.get("/profile/settings")
            let saved = try await browser.post("/profile/settings", form: [("category", "display"), ("display.language", "es")])
            #expect(saved.status == .seeOther)
            #expect(try await browser.get("/").text.contains(#"<html lang="es""#))
            #expect(browser.cookie("thrive_lang") == "es")
            try await browser.post("/logout", form: [])
            let login = try await browser.get("/login", headers: [.acceptLanguage: "en"])
            #expect(login.text.contains(#"<html lang="es""#), "the language outlasts the session")

            try await browser.logIn()
            try await browser.get("/profile/settings")
            try await browser.post("/profile/settings", form: [("category", "display"), ("display.language", "")])
            try await browser.get("/")
            #expect(browser.cookie("thrive_lang") == nil, "following the browser again")
        }
    }

    /// Thrive's programs and library pieces are written in English: on a Spanish page their words
    /// say so (`lang="en"`), so a screen reader reads them as English; on an English page they need not.
    @Test func englishContentIsMarkedOnOtherLanguagesPages() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let english = try await browser.get("/pillars/wellbeing/programs/walk-every-day")
            #expect(english.text.contains(#"<h1 id="page-title">Walk every day</h1>"#))
            try await browser.get("/profile/settings")
            try await browser.post("/profile/settings", form: [("category", "display"), ("display.language", "es")])
            let program = try await browser.get("/pillars/wellbeing/programs/walk-every-day")
            #expect(program.text.contains(#"<h1 id="page-title" lang="en">Walk every day</h1>"#))
            #expect(program.text.contains(#"<ol class="program-outline" role="list" lang="en">"#))
            let piece = try await browser.get("/library/box-breathing")
            #expect(piece.text.contains(#"<div class="lesson library-text" lang="en">"#))
            #expect(piece.text.contains(#"<html lang="es""#), "the page itself is Spanish")
        }
    }

    /// The coach's own quick-reply buttons follow the language setting, even under a message said
    /// before it changed; the message itself stays as it was said.
    @Test func theCoachsButtonsFollowTheLanguage() async throws {
        try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning)).test { browser in
            let ann = try await HabitsAPITests.Person.make(browser)
            _ = try await ann.send(.post, "/api/v1/coach/open")
            let api = try await browser.json(
                .get, "/api/v1/coach/messages", bearer: ann.token, headers: [.acceptLanguage: "es"])
            #expect(api.text.contains(#""label":"Genial 😊","payload":"feeling_great""#), "\(api.text)")
            #expect(api.text.contains("How are you feeling about your progress today?"), "the message as it was said")
        }
    }

    @Test func checksFromTheCoreSpeakTheReadersLanguage() async throws {
        try await TestApp.make().test { browser in
            try await browser.get("/signup", headers: [.acceptLanguage: "de"])
            let german = try await browser.post(
                "/signup",
                form: [
                    ("displayName", "Ann"), ("email", "ann-at-example.com"), ("password", "kurz1"),
                    ("unitSystem", "metric"), ("timeZone", "Mars/Olympus_Mons"),
                ], headers: [.acceptLanguage: "de"])
            #expect(german.status == .unprocessableContent)
            #expect(german.text.contains("Verwende mindestens 8 Zeichen für dein Passwort."))
            #expect(german.text.contains("Gib eine E-Mail-Adresse wie name@beispiel.de ein."))
            #expect(german.text.contains("„Mars/Olympus_Mons“ ist keine bekannte Zeitzone"))
            let french = try await browser.post(
                "/signup",
                form: [
                    ("displayName", String(repeating: "a", count: 81)), ("email", "ann@example.com"),
                    ("password", "correct-horse-9"), ("unitSystem", "metric"), ("timeZone", "Europe/Paris"),
                ], headers: [.acceptLanguage: "fr"])
            #expect(french.text.contains("Le nom peut compter au plus 80 caractères."))

            let missing = try await browser.get("/nowhere", headers: [.acceptLanguage: "de"])
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("Seite nicht gefunden"))
            #expect(missing.text.contains("Unter dieser Adresse gibt es nichts."))
            let unknownField = try await browser.json(
                .post, "/api/v1/auth/login", #"{"email":"ann@example.com","password":"x","colour":"red"}"#,
                headers: [.acceptLanguage: "es"])
            #expect(unknownField.text.contains("Campo desconocido «colour»"), "\(unknownField.text)")
        }
        let reply = try await TestApp.make().test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            return try await browser.json(
                .post, "/api/v1/entries/meals", #"{"meal":"lunch","name":"Soup","energyKilocalories":-5}"#, bearer: token,
                headers: [.acceptLanguage: "fr"])
        }
        #expect(
            reply.text.contains("L’énergie doit se situer entre 0 et 10\u{202F}000 kcal."),
            "French groups thousands with a narrow space")
    }

    /// The nutrition plan says why each number is what it is in the reader's language.
    @Test func thePlansReasonsSpeakTheReadersLanguage() async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let german = try await browser.get("/pillars/nutrition/plan", headers: [.acceptLanguage: "de"]).text
            #expect(german.contains("Dein Grundumsatz beträgt"))
            #expect(german.contains("Sicheres Minimum"))
            #expect(german.contains("Makronährstoffe:"))
            #expect(!german.contains("Your basal metabolic rate"))
            let spanish = try await browser.get("/pillars/nutrition/plan", headers: [.acceptLanguage: "es"]).text
            #expect(spanish.contains("Tu metabolismo basal es de"))
            #expect(spanish.contains("Peso saludable") || spanish.contains("Sobrepeso") || spanish.contains("Bajo peso"))
        }
    }

    /// A mass in the person's units, one decimal, in the reader's locale.
    @Test(arguments: [
        (Language.en, UnitSystem.metric, "72.5 kg"), (.en, .imperial, "159.8 lb"), (.de, .metric, "72,5 kg"),
        (.fr, .imperial, "159,8 lb"),
    ])
    func massesInTheChosenUnitsAndTheReadersLocale(language: Language, system: UnitSystem, shown: String) {
        Localizer.$current.withValue(Localizer(language)) {
            #expect(DisplayFormat.mass(Mass(kilograms: 72.5), system) == shown)
        }
    }

    @Test func thePersonsChoiceWinsOverTheBrowserAndFormatsDatesAndNumbers() async throws {
        let app = try await TestApp.make(clock: TestClock(ChartsTests.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            try await ChartsTests.store(app, ChartsTests.nights([0: 7, 1: 6.5, 2: 8, 3: 7.25, 4: 7.5, 5: 6, 6: 6.5]))
            let settings = try await browser.get("/profile/settings")
            #expect(settings.text.contains(#"<option value="es">Español</option>"#))
            #expect(
                settings.text.contains("Automatic (your browser&#39;s language)")
                    || settings.text.contains("Automatic (your browser"))

            let saved = try await browser.post("/profile/settings", form: [("category", "display"), ("display.language", "es")])
            #expect(saved.location == "/profile/settings?saved=display#display")
            let page = try await browser.get("/pillars/fitness/sleep", headers: [.acceptLanguage: "de"])
            #expect(page.text.contains(#"<html lang="es""#))
            #expect(page.text.contains("<span>Pilares</span>"))
            // The chart's sentence and its days are Spanish: "lunes 16 de noviembre" style dates.
            #expect(page.text.contains("Sueño en los últimos 7 días: media de 6 h 58 min"))
            #expect(page.text.contains("noviembre"))

            // A language Thrive does not have is refused, and the choice stays.
            let unknown = try await browser.post(
                "/profile/settings", form: [("category", "display"), ("display.language", "xx")])
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.text.contains(#"<html lang="es""#))
            #expect(unknown.text.contains("Elige una de las opciones de Idioma."))

            // Back to automatic: the browser's language again.
            try await browser.post("/profile/settings", form: [("category", "display"), ("display.language", "")])
            let german = try await browser.get("/pillars", headers: [.acceptLanguage: "de"])
            #expect(german.text.contains(#"<html lang="de""#))
            #expect(german.text.contains("<span>Säulen</span>"))
        }
    }
}

import Foundation
import Testing
import ThriveCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs the real `thrive` executable, as a person would from a terminal.
struct Thrive {
    let dataDirectory: URL

    init() {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-cli-\(UUID().uuidString)")
    }

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("thrive")
    }

    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs with this instance's data folder (unless `environment` names a database) and returns what it printed.
    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Result {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("THRIVE_") }
        env["THRIVE_DATA_DIR"] = dataDirectory.path
        env["THRIVE_BCRYPT_COST"] = "10"
        env.merge(environment) { $1 }
        let streams = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: streams, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: streams) }
        let stdin = streams.appendingPathComponent("in")
        try Data((input ?? "").utf8).write(to: stdin)
        let output = streams.appendingPathComponent("out")
        let errors = streams.appendingPathComponent("err")
        let status = try ChildProcess(
            Self.executable, arguments, environment: env, input: stdin, output: output, errors: errors
        ).wait()
        return Result(
            status: status, output: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}

@Suite("The thrive command")
struct CommandLineTests {
    @Test func reportsItsVersionAndExplainsItsCommands() throws {
        let thrive = Thrive()
        #expect(try thrive.run(["--version"]).output == "\(AppVersion.current)\n")
        let help = try thrive.run(["serve", "--help"]).output
        for flag in [
            "--host", "--port", "--data-dir", "--database-url", "--log-level", "--demo", "THRIVE_PORT", "THRIVE_DATABASE_URL",
        ] {
            #expect(help.contains(flag), "serve --help mentions \(flag)")
        }
        #expect(try thrive.run(["user", "--help"]).output.contains("create"))
    }

    @Test func migratesOnceThenReportsUpToDate() throws {
        let thrive = Thrive()
        defer { thrive.cleanUp() }
        let first = try thrive.run(["migrate"])
        #expect(first.status == 0, "\(first.errors)")
        #expect(
            first.output.contains(
                "Applied migrations 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36; the schema is at version 36."
            ))
        #expect(first.output.contains("Loaded 8463 foods from the USDA table."))
        let second = try thrive.run(["migrate"]).output
        #expect(second.contains("The schema is up to date (version 36)."))
        #expect(!second.contains("Loaded"), "the food table is loaded once")
    }

    @Test func createsListsAndDeletesAccounts() throws {
        let thrive = Thrive()
        defer { thrive.cleanUp() }
        let created = try thrive.run(
            ["user", "create", "--email", "Ann@Example.com", "--password-stdin", "--name", "Ann"], input: "correct-horse-9\n")
        #expect(created.status == 0, "\(created.errors)")
        #expect(created.output.hasPrefix("Created ann@example.com"))
        #expect(!created.output.contains("correct-horse-9"))

        let duplicate = try thrive.run(
            ["user", "create", "--email", "ann@example.com", "--password-stdin"], input: "another-pass-1\n")
        #expect(duplicate.status != 0)
        #expect(duplicate.errors.contains("An account with this e-mail already exists."))

        let weak = try thrive.run(["user", "create", "--email", "bob@example.com", "--password-stdin"], input: "short\n")
        #expect(weak.status != 0)
        #expect(weak.errors.contains("Use at least 8 characters for your password."))

        // A person who forgot their password, on a server without e-mail.
        let reset = try thrive.run(
            ["user", "password", "--email", "ANN@example.com", "--password-stdin"], input: "new-horse-42\n")
        #expect(reset.status == 0, "\(reset.errors)")
        #expect(reset.output == "Set a new password for ann@example.com; it is signed out everywhere.\n")
        let nobody = try thrive.run(
            ["user", "password", "--email", "zed@example.com", "--password-stdin"], input: "new-horse-42\n")
        #expect(nobody.errors.contains("No account has the e-mail zed@example.com."))
        let tooWeak = try thrive.run(["user", "password", "--email", "ann@example.com", "--password-stdin"], input: "short\n")
        #expect(tooWeak.errors.contains("Use at least 8 characters for your password."))

        let listed = try thrive.run(["user", "list"])
        #expect(listed.output.split(separator: "\n").count == 1)
        #expect(listed.output.hasPrefix("ann@example.com\t"))

        let unconfirmed = try thrive.run(["user", "delete", "--email", "ann@example.com"], input: "someone@else.com\n")
        #expect(unconfirmed.status != 0)
        #expect(unconfirmed.errors.contains("Not confirmed; nothing was deleted."))
        #expect(
            try thrive.run(["user", "delete", "--email", "ann@example.com", "--yes"]).output
                == "Deleted ann@example.com and all of its data.\n")
        #expect(try thrive.run(["user", "list"]).output.hasPrefix("No accounts yet."))
        let missing = try thrive.run(["user", "delete", "--email", "ann@example.com", "--yes"])
        #expect(missing.errors.contains("No account has the e-mail ann@example.com."))
    }

    @Test func refusesInvalidSettingsWithTheirName() throws {
        let thrive = Thrive()
        defer { thrive.cleanUp() }
        let port = try thrive.run(["serve"], environment: ["THRIVE_PORT": "eighty"])
        #expect(port.status != 0)
        #expect(port.errors.contains("THRIVE_PORT must be a port number from 0 to 65535, not “eighty”."))
        let url = try thrive.run(["migrate", "--database-url", "mysql://localhost/thrive"])
        #expect(url.errors.contains("The database URL must look like postgres://user:password@host:5432/database."))
        let level = try thrive.run(["migrate", "--log-level", "loud"])
        #expect(level.errors.contains("--log-level must be one of trace, debug, info, notice, warning, error, critical."))
    }

    @Test func plansNutritionWithoutAnAccount() throws {
        let thrive = Thrive()
        let result = try thrive.run([
            "plan", "nutrition", "--sex", "female", "--age", "60", "--height-cm", "150", "--weight-kg", "45", "--activity",
            "sedentary", "--goal", "lose", "--json",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let plan = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any] ?? [:]
        for field in [
            "bmi", "bmr", "tdee", "calories", "protein_g", "carbs_g", "fat_g", "floor_applied", "weight_loss_paused", "reasons",
        ] {
            #expect(plan[field] != nil, "missing \(field)")
        }
        #expect(plan["calories"] as? Int == 1_200)
        #expect(plan["floor_applied"] as? Bool == true)
        #expect(plan["bmr"] as? Int == 927)
        #expect((plan["reasons"] as? [String])?.contains { $0.contains("floor of 1,200 kcal") } == true)

        let paused = try thrive.run([
            "plan", "nutrition", "--sex", "female", "--age", "28", "--height-cm", "170", "--weight-kg", "50", "--activity",
            "light",
            "--goal", "lose",
        ])
        #expect(paused.output.contains("Weight loss is paused: your BMI is 17.3, under 18.5."))
        #expect(paused.output.contains("Note: "), "the guidance for an underweight person is shown")
        for dump in SwiftDump.patterns {
            #expect(!paused.output.contains(dump), "a Swift value was printed as it is: \(paused.output)")
        }
    }

    @Test(arguments: [
        (["--weight-kg", "0.5"], "Weight must be between 20 and 400 kg."),
        (["--weight-kg=-60"], "Weight must be between 20 and 400 kg."),
        (["--height-cm", "0"], "Height must be between 50 and 250 cm."),
        (["--age", "200"], "Age must be a whole number from 13 to 120."),
        (["--activity", "couch"], "is invalid for '--activity <activity>'"),
        (["--target-rate-kg-per-week=-1"], "The target rate must be more than 0 and at most 2 kg a week."),
    ])
    func nutritionPlanRefusesNonsense(override: [String], message: String) throws {
        var arguments = [
            "plan", "nutrition", "--sex", "male", "--age", "35", "--height-cm", "180", "--weight-kg", "80", "--activity",
            "moderate",
            "--goal", "lose",
        ]
        if override.count == 2, let index = arguments.firstIndex(of: override[0]) {
            arguments[index + 1] = override[1]
        } else if let name = override[0].split(separator: "=").first, let index = arguments.firstIndex(of: String(name)) {
            arguments.replaceSubrange(index...index + 1, with: override)
        } else {
            arguments += override
        }
        let result = try Thrive().run(arguments)
        #expect(result.status != 0)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test func serveWithDemoStartsAServerAPersonCanLogInTo() async throws {
        let server = ServerProcess(dataDirectory: Thrive().dataDirectory)
        defer { server.cleanUp() }
        try await server.start(demo: true)
        #expect(try await server.health() == #"{"database":"ok","jobLagSeconds":0,"status":"ok"}"#)
        #expect(server.stop() == 0, "Ctrl-C / SIGTERM shuts down cleanly")
        let printed = server.printed
        #expect(printed.contains("Created the demo person with"))
        #expect(printed.contains("E-mail \(DemoPerson.email)"))
        #expect(printed.contains("Password \(DemoPerson.password)"))
        #expect(printed.contains("Thrive is running at http://127.0.0.1:\(server.port)"))
    }
}

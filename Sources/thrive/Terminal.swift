#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a secret from the terminal without echoing it.
enum Terminal {
    static func readSecret(prompt: String) -> String? {
        print(prompt, terminator: "")
        var original = termios()
        let interactive = tcgetattr(STDIN_FILENO, &original) == 0
        if interactive {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if interactive {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
                print("")
            }
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else { return nil }
        return line
    }

    /// A password from the first line of standard input, or asked for without echo.
    static func password(for email: String, fromStandardInput: Bool) throws -> String {
        if fromStandardInput {
            guard let line = Swift.readLine(strippingNewline: true), !line.isEmpty else {
                throw ExitMessage("No password on standard input.")
            }
            return line
        }
        guard let typed = readSecret(prompt: "Password for \(email): ") else {
            throw ExitMessage("No password entered. Use --password-stdin to pipe one in.")
        }
        return typed
    }
}

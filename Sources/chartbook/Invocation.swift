import ArgumentParser
import ChartbookModel
import ChartbookCommands
import ChartbookData
import ChartbookKit
import ChartbookTerminal
import LineEditor
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What a run of chartbook does, from its flags: the scripts and commands to run and how to
/// draw and write what they make. `ChartbookCLI` makes one from the flags
/// swift-argument-parser parsed; `Invocation.quick` from the common plain forms without it
/// (issue 53: start-up). The defaults here are the flags' defaults.
struct Invocation: Equatable {
    var scripts: [String] = []
    var commands: [String] = []
    var each = false
    var size: CellSize?
    var color = ColorSetting.auto
    var canvas: Canvas?
    var pictures: PictureProtocol?
    var keepGoing = false
    var svg: String?
    var png: String?
    var pdf: String?
    var html: String?
    var play: String?
    var follow = false
    /// With `--follow`: the newest rows kept.
    var window = 300
    var followX: String?
    var remoteRows = false
    var noInit = false

    /// What every run sets up from the flags and the environment.
    struct Setup {
        var environment: TerminalEnvironment
        var limits: ResourceLimits
        var files: LocalFiles
        var target: TerminalTarget
        var runner: ScriptRunner
        var notebook: Notebook
    }

    func setUp() -> Setup {
        var environment = TerminalEnvironment(variables: ProcessInfo.environmentDictionary)
        environment.declaredPictures = pictures
        let limits = ResourceLimits(memoryBudget: MachineMemory.budget())
        Interrupts.install()
        MappedFileFaults.install()
        let files = LocalFiles(
            home: environment.home, workingDirectory: LocalFiles.currentDirectory(), limits: limits,
            isCancelled: { Interrupts.pending })
        var target = TerminalTarget(
            columns: 80, rows: 24,
            colorMode: color.resolved(environment: environment.detectedColorMode()))
        if let size {
            (target.columns, target.rows) = (size.columns, size.rows)
        } else {
            (target.columns, target.rows) = environment.size()
            // In a shell, the chart leaves the rows of the command typed and the prompt that
            // follows, so its title and legend do not scroll off (issue 31).
            if environment.stdoutIsTerminal { target.rows = max(target.rows - 2, 1) }
        }
        var session = Session()
        // `--pictures` says the terminal shows pictures: it means them (`--canvas auto`)
        // unless a canvas is named.
        if let canvas = canvas ?? (pictures == nil ? nil : .auto) { session.output.canvas = canvas }
        let fixedTarget = target
        var executor = Executor(
            files: files, isCancelled: { Interrupts.pending },
            plotWidth: { ChartRenderer.plotWidth(of: $0, on: fixedTarget) })
        executor.limits = limits
        let progress = LoadProgress(enabled: isatty(STDERR_FILENO) == 1)
        executor.progress = { progress.report($0, $1) }
        // Shared by the REPL's exact runs and their previews (every copy of the executor).
        executor.remoteExtents = RemoteExtents()
        var runner = ScriptRunner(
            executor: executor, drawEach: each, keepGoing: keepGoing, target: { fixedTarget })
        runner.remote = RemoteData(progress: { progress.report($0, $1) })
        return Setup(
            environment: environment, limits: limits, files: files, target: target,
            runner: runner, notebook: Notebook(session: session))
    }

    func run() throws {
        var setup = setUp()
        let (environment, files, target, runner) = (
            setup.environment, setup.files, setup.target, setup.runner
        )

        let sources = try readSources(files: files)
        if let play {
            try playLesson(
                play, after: sources, runner: runner, files: files, environment: environment,
                target: target, notebook: &setup.notebook)
            return
        }
        if follow {
            // With --canvas auto, the picture the terminal shows (asked once).
            var mode = FollowMode(
                runner: runner, sources: sources,
                target: environment.target(target, for: setup.notebook.session),
                window: max(window, 1),
                x: followX
            )
            mode.clearPictures = environment.pictureClearing()
            let ok = mode.run(&setup.notebook)
            if !ok { throw ExitCode(1) }
            return
        }
        if sources.isEmpty {
            return try runWithoutScripts(&setup)
        }
        try runSources(
            sources, runner: runner, files: files, target: target, notebook: &setup.notebook,
            environment: environment)
    }
}

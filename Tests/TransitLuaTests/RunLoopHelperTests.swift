import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Issue 11 item 5: DispatchQueue.main, DispatchTime, Timer and CADisplayLink on virtual time,
// through Lua, against Foundation's and Core Animation's documented behaviour
// (docs/semantics.md, "Run-loop helpers").

/// Runs a scene file as `transit render` does, sampling frames every `frameInterval`.
private func renderScene(_ source: String, frameInterval: Double, device: String = "iPhone 15") throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("scene.lua")
    try Data(source.utf8).write(to: file)
    let runtime = try LuaRuntime(world: World(device: Device.named(device)!))
    var log: [String] = []
    runtime.output = { log.append($0) }
    var options = SceneRun()
    options.frameInterval = frameInterval
    var frames = 0
    options.onFrame = { _ in frames += 1 }
    try runtime.runScene(file, options)
    #expect(frames > 0)
    return log
}

@Suite struct DispatchQueueTests {
    @Test func asyncRunsAfterTheCurrentCodeAtTheSameVirtualTimeInOrder() throws {
        let result = try runScene("""
            order = {}
            DispatchQueue.main:async(function() order[#order + 1] = "first@" .. transit.now() end)
            DispatchQueue.main:async(function() order[#order + 1] = "second@" .. transit.now() end)
            order[#order + 1] = "scene"
            transit.wait(0)
            """)
        #expect(try result.text("table.concat(order, ' ')") == "scene first@0.0 second@0.0")
    }

    @Test func asyncAfterRunsExactlyAtTheDeadline() throws {
        let result = try runScene("""
            transit.wait(0.1)
            DispatchQueue.main:asyncAfter(DispatchTime.now() + 0.25, function() ranAt = transit.now() end)
            transit.wait(1)
            """)
        #expect(try result.number("ranAt") == World.onTimeGrid(0.35))
    }

    @Test func aPassedDeadlineRunsOnTheNextTurn() throws {
        let result = try runScene("""
            transit.wait(0.5)
            DispatchQueue.main:asyncAfter(DispatchTime.now() - 0.2, function() ranAt = transit.now() end)
            transit.wait(0)
            """)
        #expect(try result.number("ranAt") == 0.5)
    }

    @Test func dispatchTimeArithmeticIsOnWholeNanoseconds() throws {
        let result = try runScene("""
            local now = DispatchTime.now()
            later = now + 0.3
            checks = table.concat({ tostring(later.uptimeNanoseconds), tostring((later - 0.3) == now), tostring(now < later),
                                    tostring(later <= later), tostring(0.3 + now == later), tostring(later), tostring(later.seconds) }, " ")
            """)
        #expect(try result.text("checks") == "300000000 true true true true DispatchTime(0.3 s) 0.3")
    }

    @Test func aDeadlineThatIsANumberIsRefusedWithTheWayToWriteIt() throws {
        do {
            _ = try runScene("DispatchQueue.main:asyncAfter(0.3, function() end)")
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:1: DispatchQueue.asyncAfter: argument 1 (deadline) must be a DispatchTime"))
        }
        do {
            _ = try runScene("local t = DispatchTime.now() + (1/0)")
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:1: DispatchTime +: the seconds must be finite"))
        }
    }
}

@Suite struct TimerTests {
    @Test func aRepeatingTimerFiresOnItsScheduleUntilInvalidated() throws {
        let result = try runScene("""
            transit.wait(0.05)
            times = {}
            timer = Timer.scheduledTimer(0.1, true, function(t)
              times[#times + 1] = transit.now()
              if #times == 4 then t:invalidate() end
            end)
            interval = timer.timeInterval
            transit.wait(1)
            valid = timer.isValid
            """)
        for (k, expected) in [0.15, 0.25, 0.35, 0.45].enumerated() {
            #expect(try result.number("times[\(k + 1)]") == World.onTimeGrid(expected))
        }
        #expect(try result.number("#times") == 4)
        #expect(try result.number("interval") == 0.1)
        #expect(try result.bool("valid") == false)
    }

    @Test func aOneShotTimerFiresOnceIsValidInItsBlockAndInvalidAfter() throws {
        let result = try runScene("""
            count = 0
            timer = Timer.scheduledTimer(0.2, false, function(t) count = count + 1 validInside = t.isValid end)
            interval = timer.timeInterval
            transit.wait(1)
            validAfter = timer.isValid
            """)
        #expect(try result.number("count") == 1)
        #expect(try result.text("tostring(validInside) .. ' ' .. tostring(validAfter)") == "true false")
        // Foundation: timeInterval is 0 for a non-repeating timer.
        #expect(try result.number("interval") == 0)
    }

    @Test func fireCallsTheBlockNowAndKeepsARepeatingSchedule() throws {
        let result = try runScene("""
            times = {}
            timer = Timer.scheduledTimer(0.5, true, function() times[#times + 1] = transit.now() end)
            transit.wait(0.1)
            timer:fire()
            transit.wait(0.45)
            timer:invalidate()
            oneShot = Timer.scheduledTimer(0.5, false, function() end)
            oneShot:fire()
            oneShotValid = oneShot.isValid
            """)
        #expect(try result.text("table.concat(times, ' ')") == "0.1 0.5")
        #expect(try result.bool("oneShotValid") == false)
    }

    @Test func aNonPositiveIntervalBecomesATenthOfAMillisecond() throws {
        let result = try runScene("""
            timer = Timer.scheduledTimer(0, true, function(t) firstAt = transit.now() t:invalidate() end)
            tiny = Timer.scheduledTimer(1e-300, true, function(t) tinyAt = transit.now() t:invalidate() end)
            transit.wait(0.01)
            """)
        #expect(try result.number("firstAt") == 0.0001)
        // Shorter intervals are raised to it too (docs/semantics.md), so time moves on.
        #expect(try result.number("tinyAt") == 0.0001)
    }

    @Test func firingTimesAreTheSameAtAnyRenderFrameRate() throws {
        let scene = """
            Timer.scheduledTimer(0.13, true, function(t)
              transit.log(string.format("tick %.9f", transit.now()))
              if transit.now() > 0.9 then t:invalidate() end
            end)
            DispatchQueue.main:asyncAfter(DispatchTime.now() + 0.41, function() transit.log(string.format("after %.9f", transit.now())) end)
            local link = CADisplayLink(function(l) if l.timestamp > 0.95 then transit.log(string.format("link %.9f", l.timestamp)) end end)
            link:add(RunLoop.main, "common")
            transit.wait(1)
            link:invalidate()
            """
        let at7 = try renderScene(scene, frameInterval: 1.0 / 7)
        let at60 = try renderScene(scene, frameInterval: 1.0 / 60)
        #expect(at7 == at60)
        #expect(at7.filter { $0.contains("tick") }.count == 7)
        #expect(at7.contains { $0.hasSuffix("after 0.410000000") })
        #expect(at7.contains { $0.hasSuffix("link 1.000000000") })
    }

    @Test func aTimerLeftRunningDoesNotKeepAFinishedSceneGoing() throws {
        let result = try runScene("""
            Timer.scheduledTimer(0.1, true, function() end)
            transit.wait(0.3)
            """)
        #expect(result.world.now == World.onTimeGrid(0.3))
    }
}

@Suite struct DisplayLinkTests {
    func frames(device: String, setup: String = "") throws -> SceneResult {
        try runScene("""
            count, gaps = 0, {}
            link = CADisplayLink(function(l)
              count = count + 1
              gaps[l.targetTimestamp - l.timestamp] = true
              last = l.timestamp
            end)
            \(setup)
            link:add(RunLoop.main, "common")
            transit.wait(1)
            link:invalidate()
            """, device: device)
    }

    @Test func oneSecondHasAsManyCallbacksAsTheDisplaysRefreshRate() throws {
        #expect(try frames(device: "iPhone 15").number("count") == 60)
        #expect(try frames(device: "iPhone 15 Pro Max").number("count") == 120)
        #expect(try frames(device: "iPhone 15").number("UIScreen.main.maximumFramesPerSecond") == 60)
        #expect(try frames(device: "iPhone 15 Pro Max").number("UIScreen.main.maximumFramesPerSecond") == 120)
    }

    @Test func timestampsAreRefreshesAndTheTargetIsTheNextOne() throws {
        let result = try frames(device: "iPhone 15")
        #expect(try result.number("last") == 1)
        #expect(try result.bool("link.duration == 1 / 60"))
        // Every gap between timestamp and targetTimestamp is one refresh (to the nanosecond grid).
        #expect(try result.text("(function() local n = 0 for gap in pairs(gaps) do n = n + 1 assert(math.abs(gap - 1/60) < 1e-8) end return n end)()") != "0")
    }

    @Test func preferredFramesPerSecondPicksARateThatDividesTheDisplays() throws {
        #expect(try frames(device: "iPhone 15", setup: "link.preferredFramesPerSecond = 30").number("count") == 30)
        // 50 is nearest 60 among 60, 30, 20, ...
        #expect(try frames(device: "iPhone 15", setup: "link.preferredFramesPerSecond = 50").number("count") == 60)
        #expect(try frames(device: "iPhone 15 Pro Max", setup: "link.preferredFramesPerSecond = 40").number("count") == 40)
    }

    @Test func noCallbacksBeforeAddingWhilePausedOrAfterInvalidating() throws {
        let result = try runScene("""
            count = 0
            link = CADisplayLink(function() count = count + 1 end)
            transit.wait(0.5)
            beforeAdd = count
            link:add(RunLoop.main, "default")
            link.isPaused = true
            transit.wait(0.5)
            whilePaused = count
            link.isPaused = false
            transit.wait(0.5)
            running = count
            link:invalidate()
            transit.wait(0.5)
            """, device: "iPhone 15")
        #expect(try result.number("beforeAdd") == 0)
        #expect(try result.number("whilePaused") == 0)
        #expect(try result.number("running") == 30)
        #expect(try result.number("count") == 30)
    }

    @Test func aTargetAndSelectorCallTheTargetsMethod() throws {
        let result = try runScene("""
            Driver = NSObject:subclass("Driver")
            function Driver:step(link) self.steps = (self.steps or 0) + 1 if self.steps == 3 then link:invalidate() end end
            driver = Driver.new()
            CADisplayLink(driver, "step"):add(RunLoop.main, "common")
            transit.wait(1)
            """, device: "iPhone 15")
        #expect(try result.number("driver.steps") == 3)
        do {
            _ = try runScene("CADisplayLink(NSObject.new(), \"missing\")")
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:1: CADisplayLink.new: argument 2 (selector): the target has no method \"missing\""))
        }
    }
}

@Suite struct FeedbackGeneratorTests {
    @Test func everyCallIsAcceptedAndShownInTheTrace() throws {
        let result = try runScene("""
            local impact = UIImpactFeedbackGenerator{ style = "heavy" }
            impact:prepare()
            impact:impactOccurred()
            impact:impactOccurred(0.4)
            UIImpactFeedbackGenerator():impactOccurred(3)
            local selection = UISelectionFeedbackGenerator()
            selection:prepare()
            selection:selectionChanged()
            UINotificationFeedbackGenerator():notificationOccurred("warning")
            style = UIImpactFeedbackGenerator("rigid").style
            """)
        let events = result.world.trace.lines.map { $0.split(separator: " ", maxSplits: 2).last.map(String.init) ?? "" }
        #expect(events == [
            "[UIImpactFeedbackGenerator heavy] prepare",
            "[UIImpactFeedbackGenerator heavy] impactOccurred intensity=1",
            "[UIImpactFeedbackGenerator heavy] impactOccurred intensity=0.4",
            // UIKit's default style is medium; intensity is 0...1.
            "[UIImpactFeedbackGenerator medium] impactOccurred intensity=1",
            "[UISelectionFeedbackGenerator] prepare",
            "[UISelectionFeedbackGenerator] selectionChanged",
            "[UINotificationFeedbackGenerator] notificationOccurred warning",
        ])
        #expect(try result.text("style") == "rigid")
    }

    @Test func badArgumentsAreErrorsNamingTheCall() throws {
        for (source, message) in [
            ("UINotificationFeedbackGenerator():notificationOccurred(\"great\")", "UINotificationFeedbackGenerator.notificationOccurred: argument 1 (type) must be one of"),
            ("UIImpactFeedbackGenerator():impactOccurred(0/0)", "UIImpactFeedbackGenerator.impactOccurred: intensity must be a finite number"),
            ("UIImpactFeedbackGenerator(\"loud\")", "UIImpactFeedbackGenerator.new: argument 1 (style) must be"),
        ] {
            do {
                _ = try runScene(source)
                Issue.record("expected an error from \(source)")
            } catch let error as ScriptError {
                #expect(error.message.contains("scene.lua:1: " + message), "\(error.message)")
            }
        }
    }
}

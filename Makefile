# Jetway: `make run` and `make test` set up everything they need on a fresh Debian 12 machine.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages: the build needs libwebsockets, OpenSSL, zlib, SQLite and libpq; the tests add
# the three browser engines (Chromium + chromedriver, Firefox ESR with its built-in WebDriver
# BiDi, WebKit through WebKitWebDriver on Xvfb), curl, and PostgreSQL for a throwaway cluster.
BUILD_PACKAGES := libwebsockets-dev libwebsockets-evlib-ev libev-dev libssl-dev zlib1g-dev libsqlite3-dev libpq-dev pkg-config bootstrap-icons wamerican
TEST_PACKAGES := $(BUILD_PACKAGES) chromium chromium-driver firefox-esr webkit2gtk-driver xvfb locales curl postgresql nginx fonts-noto-color-emoji
# The bench types into the board in headless Chromium (keystroke to DOM).
BENCH_PACKAGES := $(BUILD_PACKAGES) chromium chromium-driver postgresql
# Several servers behind nginx (make cluster).
CLUSTER_PACKAGES := $(BENCH_PACKAGES) nginx

SNAPSHOT_DIR := $(CURDIR)/.build/snapshots

.PHONY: deps macros test-deps bench-deps cluster-deps build run dev check lint generated test fuzz faults soak cluster bench snapshots screenshots port-check port-tour docs format clean

# Installs the Debian packages of $(1) that are missing (the Swift toolchain must be in /opt/swift).
define install_missing
	@command -v swift >/dev/null || { echo "error: Swift 6 is not installed (expected /opt/swift/usr/bin/swift)" >&2; exit 1; }
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
endef

## deps: what building and running needs
deps: macros
	$(call install_missing,$(BUILD_PACKAGES))

# `#Preview`'s compiler plugin. SwiftPM builds a `.macro` target only against the swift-syntax
# package, which cannot be fetched here; the toolchain ships SwiftSyntax's host modules, so the
# plugin is built against them and put in the toolchain's own plugin folder, which the compiler
# searches without being told (docs/previews.md).
TOOLCHAIN := $(abspath $(dir $(realpath $(shell PATH="$(PATH)" command -v swiftc 2>/dev/null)))/..)
MACRO_HOST := $(TOOLCHAIN)/lib/swift/host
MACRO_PLUGINS := $(TOOLCHAIN)/local/lib/swift/host/plugins
MACRO_LIBRARY := .build/macros/libJetwayMacros.so

$(MACRO_LIBRARY): Macros/JetwayMacros/*.swift $(MACRO_HOST)/libSwiftSyntax.so
	@mkdir -p .build/macros
	swiftc -emit-library -parse-as-library -module-name JetwayMacros -O Macros/JetwayMacros/*.swift \
		-I $(MACRO_HOST) -L $(MACRO_HOST) -lSwiftSyntax -lSwiftSyntaxMacros -lSwiftDiagnostics \
		-Xlinker -rpath -Xlinker $(MACRO_HOST) -module-cache-path .build/macros/cache -o $@

## macros: builds `#Preview`'s plugin and installs it in the toolchain (once, and when changed)
macros: $(MACRO_LIBRARY)
	@cmp -s $(MACRO_LIBRARY) $(MACRO_PLUGINS)/libJetwayMacros.so || { \
		SUDO=$$( [ -w "$(TOOLCHAIN)" ] || echo sudo ); \
		echo "installing libJetwayMacros.so in $(MACRO_PLUGINS)"; \
		$$SUDO mkdir -p $(MACRO_PLUGINS) && $$SUDO cp $(MACRO_LIBRARY) $(MACRO_PLUGINS)/libJetwayMacros.so; }

## test-deps: that, and the browsers the tests drive
test-deps: macros
	$(call install_missing,$(TEST_PACKAGES))

## bench-deps: that, and Chromium for the keystroke-to-DOM figures
bench-deps: macros
	$(call install_missing,$(BENCH_PACKAGES))

## build: debug build of everything
build: deps
	swift build

## run: build and serve MountainAirport on http://127.0.0.1:8080 (embedded data in ./data)
run: deps
	swift build -c release --product MountainAirport
	JETWAY_DEVELOPMENT=$${JETWAY_DEVELOPMENT:-1} .build/release/MountainAirport

## dev: serves MountainAirport and builds and restarts it on every save; open pages follow (docs/development.md)
dev: deps
	swift run jetway dev --product MountainAirport --ignore data --ignore Tests

# A debug build of everything (tests included) that fails when Jetway's own code warns.
define build_without_warnings
	@mkdir -p .build
	set -o pipefail; swift build --build-tests 2>&1 | tee .build/build-output.log
	@! grep -E "^$(CURDIR)/(Sources|Views|Assets)/.*warning:" .build/build-output.log || \
		{ echo "error: Jetway's own code has warnings (above)" >&2; exit 1; }
endef

## lint: the code is formatted as `make format` writes it (swift format, zero findings)
lint:
	swift format lint --strict --parallel --recursive Sources Tests Views Package.swift

## generated: writes Assets/runtime/wire.js again from Sources/JetwayWire (RuntimeContract);
## make check fails while the checked-in copy differs
generated:
	swift build --build-tests
	JETWAY_WRITE_GENERATED=1 swift test --skip-build --filter RuntimeContractTests

# Suites that time a server under load against a bystander (or a socket against its deadline):
# run on their own, after the others, whose main-actor work would otherwise be in their figures.
TIMED_SUITES := FairnessTests|SlowClientsTests|HostileClientTests|SlowAnswerTests|LongLivedPageTests
# Browser suites run after the others, on their own: a video's start in Firefox failed 2 of 3
# full runs beside the parallel browsers (never alone, nor under CPU load alone).
ALONE_BROWSER_SUITES := VideoInBrowsers

## check: the fast loop while you work (about a minute once built): lint, the build with its
## warnings check, and every test that needs no browser, no PostgreSQL and no long run (most
## server tests run in memory; the transport's own tests use loopback sockets); run `make test`
## before you push
check: deps lint
	$(build_without_warnings)
	env -u JETWAY_TEST_POSTGRES -u JETWAY_REQUIRE_POSTGRES -u JETWAY_REQUIRE_BROWSERS \
		swift test --skip-build --skip EndToEnd --skip ReliabilityRunsTests --skip HTTPFuzzTests --skip "$(TIMED_SUITES)"
	swift test --skip-build --filter "$(TIMED_SUITES)"

## test: every test (unit, ViewHost, seed ports, real sockets, SQLite and a throwaway PostgreSQL
## cluster, Chromium, Firefox and WebKit, a short fuzz pass), then on their own (their servers
## and clients would starve the others' timing, or the others theirs) the timed suites, the HTTP
## fuzz pass and short runs of soak,
## faults and cluster, the last behind nginx; then `make docs`; fails when Jetway's own code warns, DocC warns, or a browser engine or PostgreSQL is missing
test: test-deps lint
	$(build_without_warnings)
	# On failure the lines that name what failed are repeated at the end: a CI log keeps its tail.
	set -o pipefail; export JETWAY_PG_ROOT=$$(mktemp -d /tmp/jetway-postgres.XXXXXX) JETWAY_PG_PORT=$$((55000 + RANDOM % 4000)) && \
		trap '.ci/postgres stop' EXIT && url=$$(.ci/postgres start) && \
		{ JETWAY_TEST_POSTGRES=$$url JETWAY_REQUIRE_POSTGRES=1 JETWAY_REQUIRE_BROWSERS=1 swift test --skip ReliabilityRunsTests --skip HTTPFuzzTests --skip "$(TIMED_SUITES)" --skip "$(ALONE_BROWSER_SUITES)" && \
		swift test --skip-build --filter "$(TIMED_SUITES)" && \
		JETWAY_REQUIRE_BROWSERS=1 swift test --skip-build --filter "$(ALONE_BROWSER_SUITES)" && \
		swift test --skip-build --filter HTTPFuzzTests && \
		JETWAY_TEST_POSTGRES=$$url JETWAY_REQUIRE_POSTGRES=1 JETWAY_RELIABILITY_RUNS=1 swift test --skip-build --filter ReliabilityRunsTests; } \
		2>&1 | tee .build/test-output.log || \
		{ status=$$?; echo "---- make test failed ($$status); what failed, from above (.build/test-output.log) ----"; \
		grep -E "✘|error:|[Ff]atal error|bench: error" .build/test-output.log | grep -v "warning:" | cut -c1-400 | head -60; exit $$status; }
	# The API reference and guides build with no DocC warning (about two minutes).
	$(MAKE) --no-print-directory docs

## fuzz: 1,000,000 seeded inputs for each untrusted-input reader (client messages, events, images,
## API bodies, cookies, queries, whole HTTP requests over sockets, the HTML escaper read back by
## Python), under the address sanitizer, in
## a build directory of its own; `make test` runs 20,000 of each
fuzz: deps
	# Leak checking off: Swift keeps a weakly referenced object's side table in its refcount
	# word with flag bits set, which LeakSanitizer does not read as a pointer, so it reports
	# every live side table (and what hangs off it) at exit; all its reports here were those.
	# The HTTP pass runs alone, after: its server's handlers share the main actor with the
	# event fuzzer's views, and beside it they answered minutes late.
	ASAN_OPTIONS=detect_leaks=0 JETWAY_FUZZ_INPUTS=$${JETWAY_FUZZ_INPUTS:-1000000} swift test --scratch-path .build/fuzz --sanitize=address --filter "FuzzTests|EventFuzzTests|FlightChangeFuzzTests" --skip HTTPFuzzTests
	ASAN_OPTIONS=detect_leaks=0 JETWAY_FUZZ_INPUTS=$${JETWAY_FUZZ_INPUTS:-1000000} swift test --scratch-path .build/fuzz --sanitize=address --skip-build --filter HTTPFuzzTests

## faults: a MountainAirport process with 200 kiosks and two Chromium pages open is killed
## (SIGKILL) and started again: every page must join again within 10 s and then get a change;
## then the network between them breaks (200 ms latency, frames torn, resets, a 25 s cut):
## every page recovers and the text typed through it arrives once; then load: 10,000 sessions,
## 100 clicks a second and the simulator running (prints `bench:` lines; fails on a lost click);
## then hostile load at full scale (10,000 slow clients against a descriptor limit of 1,024, a
## burst of 600 sign-ins, 20 pages typing from one address: a bystander measured each time) and
## memory (4,500 new browsers' boards a round, three rounds: the RSS must come back)
faults: bench-deps
	swift build -c release --product JetwayBench
	swift build -c release --product MountainAirport
	ulimit -n $$(ulimit -Hn) && .build/release/JetwayBench faults
	ulimit -n $$(ulimit -Hn) && .build/release/JetwayBench load
	ulimit -n $$(ulimit -Hn) && .build/release/JetwayBench hostile
	ulimit -n $$(ulimit -Hn) && .build/release/JetwayBench memory

## soak: a simulated week (the clock a week in 10 minutes) of 500 gate kiosks and 100 boards on one
## MountainAirport process, with token renewals, a SIGKILL and restart, and network cuts; fails
## when RSS grows 5 % or more after the warm-up, or descriptors, threads, sessions or Observation
## registrations grow (JETWAY_SOAK_SECONDS, _KIOSKS, _BOARDS change its size)
soak: bench-deps
	swift build -c release --product JetwayBench
	swift build -c release --product MountainAirport
	ulimit -n $$(ulimit -Hn) && .build/release/JetwayBench soak

## cluster-deps: the bench's packages and nginx
cluster-deps: macros
	$(call install_missing,$(CLUSTER_PACKAGES))

## cluster: two MountainAirport processes on a throwaway PostgreSQL behind nginx (started and
## stopped here): 400 kiosks and a Chromium page through nginx; a change on either server reaches
## all of them within a second; a staff sign-in made on one counts on the other; one server is
## killed and its pages come back on the other; PostgreSQL is restarted under writes
cluster: cluster-deps
	swift build -c release --product JetwayBench
	swift build -c release --product MountainAirport
	export JETWAY_PG_ROOT=$$(mktemp -d /tmp/jetway-postgres.XXXXXX) JETWAY_PG_PORT=$$((55000 + RANDOM % 4000)) && \
		trap '.ci/postgres stop' EXIT && url=$$(.ci/postgres start) && \
		ulimit -n $$(ulimit -Hn) && JETWAY_BENCH_POSTGRES=$$url .build/release/JetwayBench cluster

## bench: release build, prints `bench: <name> <value> <unit>` (core, then server under load,
## then the store on SQLite and a throwaway PostgreSQL, and two MountainAirport processes on it)
bench: bench-deps
	swift build -c release --product JetwayBench
	swift build -c release --product MountainAirport
	export JETWAY_PG_ROOT=$$(mktemp -d /tmp/jetway-postgres.XXXXXX) JETWAY_PG_PORT=$$((55000 + RANDOM % 4000)) && \
		trap '.ci/postgres stop' EXIT && url=$$(.ci/postgres start) && \
		ulimit -n $$(ulimit -Hn) && JETWAY_BENCH_POSTGRES=$$url .build/release/JetwayBench

## docs: each public module's reference (DocC, from the compiler's symbol graphs; a module's
## catalog is Sources/<Module>/<Module>.docc when it has one), in .build/docs/<Module>; Jetway's
## also has the guides of docs/ (DOC_ARTICLES) as articles. Fails on any DocC warning and prints
## how much of each module is documented (a member a type inherits, as a chart's `.padding`, shows
## the doc comment it was written with). In development the server serves them at /_jetway/docs/.
DOC_MODULES := Jetway JetwayServer JetwayStore JetwayTesting JetwayCharts JetwayMapKit JetwayCoreData JetwaySwiftData JetwayKingfisher JetwayBrowser
DOC_ARTICLES := getting-started development localization porting swiftui concepts testing assets store integration http deploying scaling motion previews security icons charts maps coredata swiftdata
# A guide's links to another become DocC links (`[text](doc:store)`); to a page that is not one
# of them, its name in the repository.
empty :=
ARTICLE_LINKS := $(subst $(empty) $(empty),|,$(DOC_ARTICLES))
docs: deps
	swift package dump-symbol-graph --minimum-access-level public > /dev/null
	@set -o pipefail; mkdir -p .build/docs; graphs=$$(dirname $$(swift build --show-bin-path))/symbolgraph; \
	for module in $(DOC_MODULES); do \
		echo "docs: $$module"; \
		work=$$(mktemp -d) && mkdir $$work/graphs $$work/$$module.docc && \
		cp $$graphs/$$module.symbols.json $$work/graphs/ && cp $$graphs/$$module@*.symbols.json $$work/graphs/ 2>/dev/null; \
		[ -d Sources/$$module/$$module.docc ] && cp -r Sources/$$module/$$module.docc/. $$work/$$module.docc/; \
		if [ $$module = Jetway ]; then \
			printf '\n### Guides\n\n' >> $$work/$$module.docc/$$module.md; \
			for article in $(DOC_ARTICLES); do \
				sed -E -e 's@\]\(($(ARTICLE_LINKS))\.md(#[A-Za-z0-9-]*)?\)@](doc:\1)@g' \
					-e 's@\[([^]]*)\]\(([a-z-]+)\.md(#[A-Za-z0-9-]*)?\)@\1 (`docs/\2.md`)@g' docs/$$article.md > $$work/$$module.docc/$$article.md && \
				echo "- <doc:$$article>" >> $$work/$$module.docc/$$module.md; \
			done; \
			cp docs/icons.png $$work/$$module.docc/; \
		fi; \
		rm -rf .build/docs/$$module; \
		docc convert $$work/$$module.docc --additional-symbol-graph-dir $$work/graphs --output-dir .build/docs/$$module \
			--fallback-display-name $$module --fallback-bundle-identifier org.jetway.$$module --warnings-as-errors --enable-inherited-docs \
			--hosting-base-path _jetway/docs/$$module \
			--experimental-documentation-coverage --coverage-summary-level brief 2>&1 | grep -v "^$$" || exit 1; \
		rm -rf $$work; \
	done

## snapshots: render the ported screens to HTML and PNG with headless Chromium
snapshots: test-deps
	rm -rf $(SNAPSHOT_DIR) && mkdir -p $(SNAPSHOT_DIR)
	JETWAY_SNAPSHOT_DIR=$(SNAPSHOT_DIR) swift test --filter writeSnapshotsWhenAsked
	@for f in $(SNAPSHOT_DIR)/*.html; do \
		chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=430,900 \
			--screenshot=$${f%.html}.png "file://$$f" >/dev/null 2>&1 || exit 1; \
	done
	@ls $(SNAPSHOT_DIR)/*.png

## screenshots: every component and MountainAirport screen in Chromium (phone and desk), into docs/components;
SCREENSHOTS = controls-chromium-top controls-chromium-filled controls-chromium-pickers controls-chromium-sheet \
	controls-chromium-alert tabs-flights tabs-awards-pushed scroll-to \
	screen-board-phone screen-board-desk screen-board-dark-phone screen-board-320 screen-awards-phone screen-awards-desk screen-awards-grid-phone \
	screen-settings-phone screen-settings-desk screen-settings-sheet-phone screen-profile-phone screen-gate-phone screen-gate-desk \
	library library-desk presentation-cover presentation-confirmation
## MountainAirport's screens for the README (phone 390×844, desk 1280×800, kiosk 1920×1080 and 1080×1920), into docs/screenshots
README_SCREENSHOTS = board-phone board-my-flights-phone flight-phone awards-phone settings-phone timeline-phone board-desk flight-desk \
	timeline-desk awards-desk ops-signin-desk ops-desk ops-sheet-desk kiosk-landscape kiosk-portrait kiosk-moved-away-portrait kiosk-moved-away-landscape
screenshots: test-deps
	JETWAY_REQUIRE_BROWSERS=1 swift test --filter 'AirportScreensInChromium|everyControlWorksInChromium|TabsInChromium|ScrollAndRefreshInChromium|LibraryInChromium|PresentationsInChromium|AirportScreenshots|KioskInChromium'
	@mkdir -p docs/components docs/screenshots
	@for name in $(SCREENSHOTS); do cp .build/e2e/$$name.png docs/components/$$name.png || exit 1; done
	@for name in $(README_SCREENSHOTS); do cp .build/e2e/readme-$$name.png docs/screenshots/$$name.png || exit 1; done
	@cp .build/e2e/kiosk-offline.png docs/screenshots/kiosk-offline.png
	@ls docs/components/*.png docs/screenshots/*.png | wc -l

## port-check: how much of real SwiftUI code compiles against Jetway with only the import
## changed: DIR is an app's folder or a folder of apps (kept outside the repository: third-party
## code is not ours to commit); prints `files ok X / Y` per app and in all, and the missing APIs
## ranked by files hit (Tools/port-check)
port-check: deps
	$(call install_missing,jq)
	Tools/port-check "$(DIR)"

## port-tour: after port-check, each app that compiled served and used in Chromium (every
## control of its first screen tapped, screenshots of each new screen; Tools/port-tour)
port-tour: test-deps
	Tools/port-tour

format:
	swift format --in-place --recursive Sources Tests Views Package.swift

clean:
	swift package clean

// The Unilink Android SDK as a Gradle build of its own: include it in an app's build with
// includeBuild("path/to/unilink/Android"), or run `gradle publishToMavenLocal` here.
// Not built on this project's CI (no Android toolchain there): Android/test.sh compiles
// and tests the same sources with javac and JUnit instead.
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "unilink-android"

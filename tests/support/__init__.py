"""What the tests (and the benchmarks, run from the repository root) use to drive the class server
without a browser: :mod:`tests.support.appclient` speaks what an app's page speaks,
:mod:`tests.support.together_client` what a table's page of the class together says and hears."""

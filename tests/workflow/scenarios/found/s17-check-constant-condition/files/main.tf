check "c" {
  assert {
    condition     = 1 == 2
    error_message = "never"
  }
}

resource "terraform_data" "a" {}

resource "terraform_data" "cache" {
  for_each = toset(["k1", "k2", "k3"])
  input = ["a", "b"]
  triggers_replace = [1, 2]
}

resource "terraform_data" "app" {
  for_each = { x = "1", y = "2" }
  input = "hello"
}

check "health" {
  assert {
    condition     = var.size != 1
    error_message = "Check health failed."
  }
}

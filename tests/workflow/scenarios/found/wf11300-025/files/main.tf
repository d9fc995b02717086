resource "terraform_data" "a" {
  input = ["a", "b"]
  triggers_replace = [1, 2]
}

resource "terraform_data" "a1" {
  count = 2
  input = var.zones
  triggers_replace = "v1"

  lifecycle {
    prevent_destroy = true
  }
}

locals {
  combo = "pre-${terraform.workspace}"
}

locals {
  prefix = [1, 2, 3]
}

resource "terraform_data" "b" {
  for_each = toset(["a", "b"])
  input = "${each.key}=${each.value}"
  triggers_replace = [1, 2]
}

resource "terraform_data" "b1" {
  for_each = { x = "1", y = "2" }
  input = local.prefix
  depends_on = [terraform_data.b]

  lifecycle {
    replace_triggered_by = [terraform_data.b]
  }
}

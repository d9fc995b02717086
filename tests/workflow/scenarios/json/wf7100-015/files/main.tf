resource "terraform_data" "cache" {
  count = 3
  input = upper(var.name)
}

resource "terraform_data" "db" {
  count = 3
  input = ["a", "b"]
  depends_on = [terraform_data.cache]

  lifecycle {
    create_before_destroy = true
    ignore_changes = all
  }
}

resource "terraform_data" "b" {
  for_each = toset(["a", "b"])
  input = terraform_data.cache[*].output

  lifecycle {
    create_before_destroy = true
  }
}

module "boxes" {
  source = "./modules/box"
  in = "m"
  n = 1
}

module "boxes1" {
  source = "./modules/box"
  for_each = { one = "1", two = "2" }
  in = "m"
  n = 2
}

check "health" {
  assert {
    condition     = var.name != "beta"
    error_message = "Check health failed."
  }
}

resource "terraform_data" "web" {
  input = 42
}

resource "terraform_data" "queue" {
  for_each = toset(["a", "b"])
  input = "${each.key}=${each.value}"
  depends_on = [terraform_data.web]

  lifecycle {
    create_before_destroy = true
    ignore_changes = all
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = { a = 1 }
}
